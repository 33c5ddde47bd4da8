//! The weight files of the fitted Oware evaluation: the shared format of
//! [`crate::variants::weight_file`] with feature set
//! [`features::FEATURE_SET`] ([`features::COUNT`] linear weights) or
//! [`NET_SET`] (the same linear weights followed by a network's
//! [`net::PARAMS`] parameters).

use std::path::Path;

use super::features::{self, Eval, COUNT, FEATURE_SET};
use super::net::{self, Net};
use crate::variants::weight_file;
pub use crate::variants::weight_file::WeightsError;

/// The feature set of a file holding the linear weights and a network.
pub const NET_SET: u32 = 2;

/// The size of a file of [`features::COUNT`] weights.
pub const FILE_LEN: usize = weight_file::file_len(COUNT);

/// Writes the weights in the file format.
pub fn encode(weights: &[i32; COUNT]) -> Vec<u8> {
    weight_file::encode(FEATURE_SET, weights)
}

/// Writes the linear weights and a network's parameters (feature set
/// [`NET_SET`]).
pub fn encode_net(weights: &[i32; COUNT], params: &[i32]) -> Vec<u8> {
    let all: Vec<i32> = weights.iter().chain(params).copied().collect();
    weight_file::encode(NET_SET, &all)
}

/// The checked vector of a decoded file as this feature set's array.
fn array(weights: &[i32]) -> [i32; COUNT] {
    weights
        .try_into()
        .expect("the decoder checked the weight count")
}

/// Reads and checks a weight file's bytes.
pub fn decode(bytes: &[u8]) -> Result<[i32; COUNT], WeightsError> {
    weight_file::decode(bytes, FEATURE_SET, COUNT).map(|w| array(&w))
}

/// Reads and checks the weight file at `path`.
pub fn load(path: &Path) -> Result<[i32; COUNT], WeightsError> {
    weight_file::load(path, FEATURE_SET, COUNT).map(|w| array(&w))
}

/// The evaluation of a weight file's bytes, of either feature set.
pub fn decode_eval(bytes: &[u8]) -> Result<Eval, WeightsError> {
    if weight_file::stored_set(bytes) != Some(NET_SET) {
        return decode(bytes).map(Eval::new);
    }
    let all = weight_file::decode(bytes, NET_SET, COUNT + net::PARAMS)?;
    let net = Net::new(&all[COUNT..]).map_err(WeightsError::Format)?;
    Ok(Eval::with_net(array(&all[..COUNT]), net))
}

/// The evaluation of the weight file at `path`, of either feature set.
pub fn load_eval(path: &Path) -> Result<Eval, WeightsError> {
    let max = weight_file::file_len(COUNT + net::PARAMS);
    decode_eval(&weight_file::read(path, max)?).map_err(|e| weight_file::in_file(e, path))
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

    #[test]
    fn a_network_file_beyond_the_engines_limits_is_refused_with_the_reason() {
        let mut all = vec![0; COUNT + net::PARAMS];
        all[COUNT + 5] = net::HIDDEN_LIMIT;
        let eval = decode_eval(&weight_file::encode(NET_SET, &all)).expect("within the limits");
        assert!(eval.net().is_some());
        all[COUNT + 5] = net::HIDDEN_LIMIT + 1;
        match decode_eval(&weight_file::encode(NET_SET, &all)) {
            Err(WeightsError::Format(why)) => assert!(why.contains("beyond"), "{why}"),
            other => panic!("expected a format error, got {other:?}"),
        }
    }
}
