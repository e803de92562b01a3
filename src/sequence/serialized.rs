//! `Serialize` and `Deserialize` for [`Sequence`] (feature `serde`): the length, the period and
//! the values stored, which after a proven period are only those up to its end, so that a
//! sequence of any length is stored in the room its computation took.

use serde::de::Error as _;
use serde::ser::SerializeStruct;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::engine::Values;
use super::grundy_values::Sequence;
use super::period::Period;

impl Serialize for Sequence {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        struct Stored<'a>(&'a Values);
        impl Serialize for Stored<'_> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_seq((0..self.0.len()).map(|i| self.0.get(i)))
            }
        }
        let mut state = serializer.serialize_struct("Sequence", 3)?;
        state.serialize_field("len", &self.len())?;
        state.serialize_field("period", &self.period())?;
        state.serialize_field("values", &Stored(self.stored()))?;
        state.end()
    }
}

/// What [`Sequence`]'s `Serialize` writes, read back before it is checked.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Stored {
    len: usize,
    period: Option<Period>,
    values: Vec<u64>,
}

impl<'de> Deserialize<'de> for Sequence {
    /// # Errors
    ///
    /// The deserializer's error for a value above 32 bits (the most a sequence stores), or for
    /// stored values that do not make `len` values: fewer than `len` with no period, fewer
    /// than the preperiod and the period, a period of 0, or values that break the period.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let Stored {
            len,
            period,
            values,
        } = Stored::deserialize(deserializer)?;
        match period {
            None if values.len() < len => {
                return Err(D::Error::custom(format!(
                    "a sequence of {len} values with no period stores only {}",
                    values.len()
                )));
            }
            Some(p) => {
                let end = p.preperiod.checked_add(p.period);
                if p.period == 0 || end.is_none_or(|end| end > values.len()) {
                    return Err(D::Error::custom(format!(
                        "a sequence with a period ({p}) stores {} values, not all of its first period",
                        values.len()
                    )));
                }
                if let Some(heap) =
                    (0..values.len()).find(|&i| values[i] != values[p.index(i as u64)])
                {
                    return Err(D::Error::custom(format!(
                        "the stored value of heap {heap} breaks the period ({p})"
                    )));
                }
            }
            None => {}
        }
        let stored = if let Ok(narrow) = values.iter().map(|&v| u16::try_from(v)).collect() {
            Values::Narrow(narrow)
        } else {
            Values::Wide(
                values
                    .iter()
                    .map(|&v| {
                        u32::try_from(v).map_err(|_| {
                            D::Error::custom(format!(
                                "the value {v} is above 32 bits, the most a sequence stores"
                            ))
                        })
                    })
                    .collect::<Result<_, _>>()?,
            )
        };
        Ok(Sequence::new(stored, len, period))
    }
}
