//! Storage for the values: `u16` while they fit, `u32` beyond.

use crate::Error;

/// Values of heaps 0, 1, 2, …, as compactly as they fit.
#[derive(Clone, Debug)]
pub(crate) enum Values {
    Narrow(Vec<u16>),
    Wide(Vec<u32>),
}

impl Values {
    pub(crate) fn len(&self) -> usize {
        match self {
            Values::Narrow(v) => v.len(),
            Values::Wide(v) => v.len(),
        }
    }

    pub(crate) fn get(&self, i: usize) -> u64 {
        match self {
            Values::Narrow(v) => u64::from(v[i]),
            Values::Wide(v) => u64::from(v[i]),
        }
    }

    /// Appends `value`, widening the storage if it does not fit in 16 bits.
    pub(super) fn push(&mut self, value: u64) -> Result<(), Error> {
        match self {
            Values::Narrow(v) => {
                if let Ok(small) = u16::try_from(value) {
                    v.push(small);
                } else {
                    let mut wide = Vec::new();
                    let room = v.capacity().max(v.len() + 1);
                    wide.try_reserve_exact(room)
                        .map_err(|_| Error::OutOfMemory {
                            what: "a heap-game sequence",
                            bytes: room as u128 * 4,
                        })?;
                    wide.extend(v.iter().map(|&x| u32::from(x)));
                    *self = Values::Wide(wide);
                    return self.push(value);
                }
            }
            Values::Wide(v) => {
                let value = u32::try_from(value)
                    .map_err(|_| Error::out_of_range("grundy value", value, u32::MAX))?;
                v.push(value);
            }
        }
        Ok(())
    }
}

/// Makes room in `values` for one more value on the way to `len`: room is added as values come
/// (doubling, up to `len`), never for `len` at once, since a period may be proven long before.
#[inline]
pub(super) fn make_room<T>(values: &mut Vec<T>, len: usize) -> Result<(), Error> {
    if values.len() < values.capacity() {
        Ok(())
    } else {
        grow(values, len)
    }
}

/// [`make_room`] when there is none: kept out of line, as it is rare.
#[cold]
#[inline(never)]
pub(super) fn grow<T>(values: &mut Vec<T>, len: usize) -> Result<(), Error> {
    let more = values.len().max(1024).min(len - values.len());
    values
        .try_reserve_exact(more)
        .map_err(|_| Error::OutOfMemory {
            what: "a heap-game sequence",
            bytes: ((values.len() + more) * size_of::<T>()) as u128,
        })
}
