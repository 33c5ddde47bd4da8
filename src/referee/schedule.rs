//! Who plays whom, with which colours and opening.
//!
//! An *encounter* is a pair of engines: the one pair of a match, every pair
//! of a round-robin, or the first engine against each other one in a
//! gauntlet. Games are numbered from 0 in cycles: a cycle plays every
//! encounter once with the first engine as South, then once more with
//! colours swapped, all on the same opening (the cycle's number). The
//! numbering does not depend on how many games are asked for, so a game's
//! number always means the same pairing, colours and opening: this is what
//! lets a resumed run play exactly the missing games.

/// The kind of event.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Two engines.
    Match,
    /// Every engine against every other one.
    RoundRobin,
    /// The first engine against each of the others.
    Gauntlet,
}

/// One scheduled game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// The game's number in the event (0-based).
    pub index: usize,
    /// The engine playing South (first), as an index into the event's engines.
    pub south: usize,
    /// The engine playing North.
    pub north: usize,
    /// The opening's number.
    pub opening: usize,
}

/// The encounters of an event with `engines` engines.
pub fn encounters(format: Format, engines: usize) -> Vec<(usize, usize)> {
    match format {
        Format::Match => vec![(0, 1)],
        Format::RoundRobin => (0..engines)
            .flat_map(|i| (i + 1..engines).map(move |j| (i, j)))
            .collect(),
        Format::Gauntlet => (1..engines).map(|j| (0, j)).collect(),
    }
}

/// The games of an event: `games_per_encounter` games for each encounter.
pub fn schedule(format: Format, engines: usize, games_per_encounter: usize) -> Vec<Pairing> {
    let encounters = encounters(format, engines);
    let total = games_per_encounter * encounters.len();
    (0..total).map(|k| pairing(&encounters, k)).collect()
}

/// Game number `index` among `encounters`.
pub fn pairing(encounters: &[(usize, usize)], index: usize) -> Pairing {
    let n = encounters.len().max(1);
    let cycle = index / (2 * n);
    let within = index % (2 * n);
    let (a, b) = encounters[within % n];
    let (south, north) = if within < n { (a, b) } else { (b, a) };
    Pairing {
        index,
        south,
        north,
        opening: cycle,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_match_alternates_colours_on_each_opening() {
        let games = schedule(Format::Match, 2, 5);
        let seen: Vec<_> = games
            .iter()
            .map(|p| (p.south, p.north, p.opening))
            .collect();
        assert_eq!(
            seen,
            vec![(0, 1, 0), (1, 0, 0), (0, 1, 1), (1, 0, 1), (0, 1, 2)]
        );
    }

    #[test]
    fn round_robin_plays_every_pair_equally_with_both_colours() {
        let games = schedule(Format::RoundRobin, 4, 4);
        assert_eq!(games.len(), 6 * 4);
        for i in 0..4 {
            for j in 0..4 {
                if i != j {
                    let n = games
                        .iter()
                        .filter(|p| p.south == i && p.north == j)
                        .count();
                    assert_eq!(n, 2, "{i} as South against {j}");
                }
            }
        }
        // An odd number of games still gives every encounter its share.
        let games = schedule(Format::RoundRobin, 3, 1);
        let pairs: Vec<_> = games.iter().map(|p| (p.south, p.north)).collect();
        assert_eq!(pairs, vec![(0, 1), (0, 2), (1, 2)]);
    }

    #[test]
    fn gauntlet_pairs_the_first_engine_only() {
        let games = schedule(Format::Gauntlet, 3, 2);
        assert_eq!(games.len(), 4);
        assert!(games.iter().all(|p| p.south == 0 || p.north == 0));
    }
}
