//! The weight file of the fitted Oware evaluation: the shared format of
//! [`crate::variants::weight_file`] with feature set
//! [`features::FEATURE_SET`] and [`features::COUNT`] weights.

use std::path::Path;

use super::features::{self, COUNT, FEATURE_SET};
use crate::variants::weight_file;
pub use crate::variants::weight_file::WeightsError;

/// The size of a file of [`features::COUNT`] weights.
pub const FILE_LEN: usize = weight_file::file_len(COUNT);

/// Writes the weights in the file format.
pub fn encode(weights: &[i32; COUNT]) -> Vec<u8> {
    weight_file::encode(FEATURE_SET, weights)
}

/// The checked vector of a decoded file as this feature set's array.
fn array(weights: Vec<i32>) -> [i32; COUNT] {
    weights
        .try_into()
        .expect("the decoder checked the weight count")
}

/// Reads and checks a weight file's bytes.
pub fn decode(bytes: &[u8]) -> Result<[i32; COUNT], WeightsError> {
    weight_file::decode(bytes, FEATURE_SET, COUNT).map(array)
}

/// Reads and checks the weight file at `path`.
pub fn load(path: &Path) -> Result<[i32; COUNT], WeightsError> {
    weight_file::load(path, FEATURE_SET, COUNT).map(array)
}

/// The weights as a text for people: one `index name value` line per
/// feature.
pub fn describe(weights: &[i32; COUNT]) -> String {
    weight_file::describe(weights, features::name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn oware_weights_round_trip_and_refuse_other_sets() {
        let w: [i32; COUNT] = std::array::from_fn(|i| i as i32 * 7 - 300);
        let bytes = encode(&w);
        assert_eq!(bytes.len(), FILE_LEN);
        assert_eq!(decode(&bytes), Ok(w));
        let other = weight_file::encode(FEATURE_SET + 1, &w);
        assert!(decode(&other).is_err());
    }
}
