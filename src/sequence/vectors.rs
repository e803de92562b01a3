//! Functions compiled for the widest vector instructions the processor has.
//!
//! The crate is compiled for its target's baseline (SSE2 on x86-64), but the sequence engine's
//! hottest loops run over arrays of 16-bit values, where AVX2 and AVX-512 do two to four times
//! the work of an SSE2 instruction, and AVX2 adds the shifts by a different amount per lane
//! that marking a bit per value needs. [`widest_vectors!`] compiles a function's body once for
//! each, and every call runs the widest that the processor has (the check reads flags that the
//! standard library caches).
//!
//! Calling code compiled for features the processor lacks is undefined behaviour, which is why
//! those calls are `unsafe`: they are made only once the check has passed. They are the crate's
//! only unsafe code.

/// Whether the processor has the AVX-512 features the wide compilations use.
#[cfg(target_arch = "x86_64")]
pub(crate) fn has_avx512() -> bool {
    std::arch::is_x86_feature_detected!("avx512f")
        && std::arch::is_x86_feature_detected!("avx512bw")
        && std::arch::is_x86_feature_detected!("avx512vl")
}

/// Whether the processor has AVX2.
#[cfg(target_arch = "x86_64")]
pub(crate) fn has_avx2() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
}

/// `fn name(args) -> ret => body;` defines `name`, which runs the function `body` (of the same
/// signature, `#[inline(always)]` so that each compilation has its own copy) compiled for
/// AVX-512, for AVX2 or for the target's baseline, the widest the processor has; and, on
/// x86-64, a module `name` holding the wider compilations, `avx512` and `avx2`, for tests.
macro_rules! widest_vectors {
    (
        $(#[$attr:meta])*
        $vis:vis fn $name:ident($($arg:ident: $ty:ty),* $(,)?) $(-> $ret:ty)? => $body:ident;
    ) => {
        $(#[$attr])*
        #[inline(never)]
        $vis fn $name($($arg: $ty),*) $(-> $ret)? {
            #[cfg(target_arch = "x86_64")]
            {
                if $crate::sequence::vectors::has_avx512() {
                    // SAFETY: the processor has the features `avx512` is compiled for.
                    #[allow(unsafe_code)]
                    return unsafe { $name::avx512($($arg),*) };
                }
                if $crate::sequence::vectors::has_avx2() {
                    // SAFETY: the processor has the features `avx2` is compiled for.
                    #[allow(unsafe_code)]
                    return unsafe { $name::avx2($($arg),*) };
                }
            }
            $body($($arg),*)
        }

        /// The compilations for wider vector instructions of the function of the same name.
        #[cfg(target_arch = "x86_64")]
        $vis mod $name {
            #[allow(clippy::wildcard_imports)]
            use super::*;

            /// Compiled for AVX-512.
            #[target_feature(enable = "avx512f,avx512bw,avx512vl")]
            pub(crate) fn avx512($($arg: $ty),*) $(-> $ret)? {
                $body($($arg),*)
            }

            /// Compiled for AVX2.
            #[target_feature(enable = "avx2")]
            pub(crate) fn avx2($($arg: $ty),*) $(-> $ret)? {
                $body($($arg),*)
            }
        }
    };
}

pub(crate) use widest_vectors;
