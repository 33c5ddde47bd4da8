//! The training-data file: a fixed header, then one block per game, each
//! block holding one fixed-size record per position. Everything is
//! little-endian. `docs/datagen.md` describes the same layout for readers
//! in other languages.
//!
//! Header ([`HEADER_LEN`] bytes):
//!
//! | offset | bytes | content                                                |
//! |--------|-------|--------------------------------------------------------|
//! | 0      | 8     | magic `AWALEDG` and a zero byte                        |
//! | 8      | 4     | format version ([`FORMAT_VERSION`])                    |
//! | 12     | 4     | record size in bytes ([`RECORD_LEN`])                  |
//! | 16     | 8     | nodes searched per move                                |
//! | 24     | 4     | random plies at the start of each game                 |
//! | 28     | 4     | maximum plies of a game (then adjudicated)             |
//! | 32     | 8     | seed of the random plies                               |
//! | 40     | 16    | variant name, zero-padded (`oware`)                    |
//! | 56     | 64    | rule options, zero-padded (`GrandSlam=nocapture MustFeed=true`) |
//! | 120    | 1     | endgame tables: every level up to this one (0xFF none) |
//! | 121    | 3     | zero                                                   |
//! | 124    | 4     | FNV-1a (32 bits) of bytes 0..124                       |
//!
//! Game block ([`BLOCK_HEAD_LEN`] + n × [`RECORD_LEN`] + 4 bytes):
//!
//! | offset | bytes | content                                              |
//! |--------|-------|------------------------------------------------------|
//! | 0      | 4     | marker `GAME`                                        |
//! | 4      | 4     | game index                                           |
//! | 8      | 4     | n, the number of positions                           |
//! | 12     | 1     | how the game ended ([`Ending`])                      |
//! | 13     | 2     | final seeds of South, then North                     |
//! | 15     | 1     | zero                                                 |
//! | 16     | 24 n  | the records                                          |
//! | end    | 4     | FNV-1a (32 bits) of every byte of the block before it |
//!
//! Record ([`RECORD_LEN`] bytes): see [`Record::encode`].

use crate::checksum::fnv1a_32 as fnv1a;
use crate::search::Score;

/// The version of the layout above; other versions are refused.
pub const FORMAT_VERSION: u32 = 1;
/// The header's size in bytes.
pub const HEADER_LEN: usize = 128;
/// One record's size in bytes.
pub const RECORD_LEN: usize = 24;
/// The size of a block before its records.
pub const BLOCK_HEAD_LEN: usize = 16;
/// The size of a block's checksum.
pub const CHECKSUM_LEN: usize = 4;
/// The most positions a block may hold: more means a corrupt count (a
/// game is stopped long before).
pub const MAX_POSITIONS: u32 = 100_000;

const MAGIC: &[u8; 8] = b"AWALEDG\0";
/// The first four bytes of every game block.
pub const BLOCK_MARKER: &[u8; 4] = b"GAME";
const NAME_LEN: usize = 16;
const RULES_LEN: usize = 64;
/// The table byte of a file made without tables.
const NO_TABLES: u8 = 0xFF;

/// Bits of [`Record::flags`].
pub mod flags {
    /// The best move captured seeds.
    pub const CAPTURE: u8 = 1;
    /// The search score is a proven result (a game end or a table result).
    pub const PROVEN: u8 = 2;
    /// The table value holds for the history the game had (exact, or known
    /// with an empty history and reached by a capture).
    pub const TABLE_APPLIES: u8 = 4;
}

/// What a file was made with: a file is resumed only with the same settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// Nodes searched per move.
    pub nodes: u64,
    /// Uniformly random plies at the start of each game.
    pub random_plies: u32,
    /// Plies after which a game is stopped and adjudicated.
    pub max_plies: u32,
    /// The seed of the random plies.
    pub seed: u64,
    /// The variant's name.
    pub variant: String,
    /// The rule options that change the game, as `NAME=VALUE` words.
    pub rules: String,
    /// The endgame tables used: every level up to this one, or `None`.
    pub tables: Option<u8>,
}

impl Header {
    /// The header's bytes; `None` when the variant or rules text is too long.
    pub fn encode(&self) -> Option<[u8; HEADER_LEN]> {
        if self.variant.len() > NAME_LEN || self.rules.len() > RULES_LEN {
            return None;
        }
        let mut h = [0u8; HEADER_LEN];
        h[..8].copy_from_slice(MAGIC);
        h[8..12].copy_from_slice(&FORMAT_VERSION.to_le_bytes());
        h[12..16].copy_from_slice(&(RECORD_LEN as u32).to_le_bytes());
        h[16..24].copy_from_slice(&self.nodes.to_le_bytes());
        h[24..28].copy_from_slice(&self.random_plies.to_le_bytes());
        h[28..32].copy_from_slice(&self.max_plies.to_le_bytes());
        h[32..40].copy_from_slice(&self.seed.to_le_bytes());
        h[40..40 + self.variant.len()].copy_from_slice(self.variant.as_bytes());
        h[56..56 + self.rules.len()].copy_from_slice(self.rules.as_bytes());
        h[120] = self.tables.unwrap_or(NO_TABLES);
        let sum = fnv1a(&h[..124]);
        h[124..128].copy_from_slice(&sum.to_le_bytes());
        Some(h)
    }

    /// Reads a header; the error says what is wrong with it.
    pub fn decode(h: &[u8]) -> Result<Header, String> {
        if h.len() < HEADER_LEN || &h[..8] != MAGIC {
            return Err("not a training-data file of awale (bad magic)".into());
        }
        let u32_at = |at: usize| u32::from_le_bytes(h[at..at + 4].try_into().expect("4 bytes"));
        let u64_at = |at: usize| u64::from_le_bytes(h[at..at + 8].try_into().expect("8 bytes"));
        let version = u32_at(8);
        if version != FORMAT_VERSION {
            return Err(format!(
                "format version {version}, this awale reads version {FORMAT_VERSION}"
            ));
        }
        if u32_at(124) != fnv1a(&h[..124]) {
            return Err("the header is corrupt (checksum mismatch)".into());
        }
        if u32_at(12) as usize != RECORD_LEN {
            return Err(format!("record size {}, expected {RECORD_LEN}", u32_at(12)));
        }
        let text = |bytes: &[u8]| -> Result<String, String> {
            let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
            String::from_utf8(bytes[..end].to_vec())
                .map_err(|_| "the header holds text that is not UTF-8".to_string())
        };
        Ok(Header {
            nodes: u64_at(16),
            random_plies: u32_at(24),
            max_plies: u32_at(28),
            seed: u64_at(32),
            variant: text(&h[40..56])?,
            rules: text(&h[56..120])?,
            tables: (h[120] != NO_TABLES).then_some(h[120]),
        })
    }

    /// The settings that differ between `self` and `other`, each as
    /// `name self vs other`; empty when they agree.
    pub fn differences(&self, other: &Header) -> Vec<String> {
        let mut out = Vec::new();
        let mut check = |name: &str, a: String, b: String| {
            if a != b {
                out.push(format!("{name} {a} vs {b}"));
            }
        };
        check("nodes", self.nodes.to_string(), other.nodes.to_string());
        check(
            "random plies",
            self.random_plies.to_string(),
            other.random_plies.to_string(),
        );
        check(
            "max plies",
            self.max_plies.to_string(),
            other.max_plies.to_string(),
        );
        check("seed", self.seed.to_string(), other.seed.to_string());
        check("variant", self.variant.clone(), other.variant.clone());
        check("rules", self.rules.clone(), other.rules.clone());
        let tables = |t: Option<u8>| t.map_or("none".to_string(), |n| format!("0-{n}"));
        check("tables", tables(self.tables), tables(other.tables));
        out
    }
}

/// How a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// A player reached the winning total.
    Target = 0,
    /// Both players reached the drawing total.
    EvenSplit = 1,
    /// The player to move had no legal move.
    NoLegalMove = 2,
    /// A position repeated since the last capture.
    Repetition = 3,
    /// Stopped at the maximum number of plies; each side collected the
    /// seeds on its own side.
    Adjudicated = 4,
}

impl Ending {
    /// Every ending, in code order.
    pub const ALL: [Ending; 5] = [
        Ending::Target,
        Ending::EvenSplit,
        Ending::NoLegalMove,
        Ending::Repetition,
        Ending::Adjudicated,
    ];

    /// The ending of a stored code.
    pub fn from_code(code: u8) -> Option<Ending> {
        Ending::ALL.get(code as usize).copied()
    }

    /// A short name for people.
    pub fn name(self) -> &'static str {
        match self {
            Ending::Target => "winning total",
            Ending::EvenSplit => "24-24",
            Ending::NoLegalMove => "no legal move",
            Ending::Repetition => "repetition",
            Ending::Adjudicated => "adjudicated at the ply limit",
        }
    }
}

/// What the endgame tables say of a position, when they cover it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct TableValue {
    /// The least number of the seeds on the board the side to move
    /// collects (with an empty history, as when reached by a capture).
    pub lo: u8,
    /// The greatest number (equal to `lo` when the value is known).
    pub hi: u8,
    /// How far the value holds.
    pub kind: TableKind,
}

/// How far a [`TableValue`] holds.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TableKind {
    /// `lo == hi` under every history.
    Exact = 0,
    /// `lo == hi` with an empty history; another history may change it.
    Fresh = 1,
    /// Only the bounds `lo..=hi` are known, with an empty history.
    Bounds = 2,
}

/// A search score packed in 16 bits, from the side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum PackedScore {
    /// A heuristic score in hundredths of a seed, clamped to ±29999.
    Centiseeds(i16),
    /// A result the endgame tables prove: the final margin in seeds (never 0).
    TableMargin(i8),
    /// The game ends by the rules within the search: a win (`true`) or a
    /// loss, in this many plies.
    GameEnd {
        /// Whether the side to move wins.
        win: bool,
        /// Plies to the end (at most 999).
        plies: u16,
    },
}

/// Where table results start in the packed score.
const TABLE_BASE: i16 = 30_000;
/// Where game ends start: a win in `p` plies is `GAME_END_BASE - p`.
const GAME_END_BASE: i16 = 32_000;
/// The largest heuristic magnitude stored.
const HEURISTIC_MAX: i16 = TABLE_BASE - 1;

impl PackedScore {
    /// Packs a search score.
    pub fn of(score: Score) -> PackedScore {
        if let Some(plies) = score.plies_to_end() {
            return PackedScore::GameEnd {
                win: score.0 > 0,
                plies: plies.min(999) as u16,
            };
        }
        if let Some((margin, _)) = score.table_margin() {
            return PackedScore::TableMargin(margin.clamp(-48, 48) as i8);
        }
        let max = i32::from(HEURISTIC_MAX);
        PackedScore::Centiseeds(score.0.clamp(-max, max) as i16)
    }

    /// The 16-bit form: heuristic scores as they are (|v| < 30000), table
    /// results `±(30000 + |margin|)`, game ends `±(32000 - plies)`.
    pub fn encode(self) -> i16 {
        match self {
            PackedScore::Centiseeds(v) => v.clamp(-HEURISTIC_MAX, HEURISTIC_MAX),
            PackedScore::TableMargin(m) => {
                let m = i16::from(m).clamp(-48, 48);
                m.signum() * (TABLE_BASE + m.abs())
            }
            PackedScore::GameEnd { win, plies } => {
                let v = GAME_END_BASE - plies.min(999) as i16;
                if win {
                    v
                } else {
                    -v
                }
            }
        }
    }

    /// Reads the 16-bit form; `None` for values no score packs to.
    pub fn decode(v: i16) -> Option<PackedScore> {
        let a = i32::from(v).abs();
        let (table, end) = (i32::from(TABLE_BASE), i32::from(GAME_END_BASE));
        if a <= i32::from(HEURISTIC_MAX) {
            Some(PackedScore::Centiseeds(v))
        } else if (table + 1..=table + 48).contains(&a) {
            Some(PackedScore::TableMargin(
                (v.signum() as i32 * (a - table)) as i8,
            ))
        } else if (end - 999..=end).contains(&a) {
            Some(PackedScore::GameEnd {
                win: v > 0,
                plies: (end - a) as u16,
            })
        } else {
            None
        }
    }

    /// Whether this is a proven result rather than a heuristic score.
    pub fn is_proven(self) -> bool {
        !matches!(self, PackedScore::Centiseeds(_))
    }
}

/// One position of a game with what the generator learnt of it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Record {
    /// Seeds in holes 1..12 (South's 1-6, then North's 7-12).
    pub holes: [u8; 12],
    /// Seeds captured so far, `[south, north]`.
    pub captured: [u8; 2],
    /// The side to move: 0 South, 1 North.
    pub side: u8,
    /// The move the search chose: the hole index 0..12.
    pub best: u8,
    /// The search score, from the side to move.
    pub score: PackedScore,
    /// The seeds each side ended the game with, the side to move first.
    pub final_seeds: [u8; 2],
    /// What the endgame tables say, when they cover the position.
    pub table: Option<TableValue>,
    /// Bits of [`flags`].
    pub flags: u8,
}

impl Record {
    /// The record's bytes:
    ///
    /// | offset | bytes | content                                        |
    /// |--------|-------|------------------------------------------------|
    /// | 0      | 12    | seeds in holes 1..12                           |
    /// | 12     | 2     | captured by South, by North                    |
    /// | 14     | 1     | side to move (0 South, 1 North)                |
    /// | 15     | 1     | best move (hole index 0..12)                   |
    /// | 16     | 2     | search score, i16 ([`PackedScore::encode`])    |
    /// | 18     | 2     | final seeds: side to move, opponent            |
    /// | 20     | 1     | table `lo` (0xFF: not covered)                 |
    /// | 21     | 1     | table `hi` (0xFF: not covered)                 |
    /// | 22     | 1     | table kind: 0 exact, 1 fresh, 2 bounds, 0xFF not covered |
    /// | 23     | 1     | [`flags`]                                      |
    pub fn encode(&self) -> [u8; RECORD_LEN] {
        let mut r = [0u8; RECORD_LEN];
        r[..12].copy_from_slice(&self.holes);
        r[12..14].copy_from_slice(&self.captured);
        r[14] = self.side;
        r[15] = self.best;
        r[16..18].copy_from_slice(&self.score.encode().to_le_bytes());
        r[18..20].copy_from_slice(&self.final_seeds);
        match self.table {
            Some(t) => {
                r[20] = t.lo;
                r[21] = t.hi;
                r[22] = t.kind as u8;
            }
            None => r[20..23].fill(0xFF),
        }
        r[23] = self.flags;
        r
    }

    /// Reads a record; the error says which field is impossible.
    pub fn decode(r: &[u8]) -> Result<Record, String> {
        if r.len() < RECORD_LEN {
            return Err("a record is cut short".into());
        }
        let total: u32 = r[..14].iter().map(|&b| u32::from(b)).sum();
        if total != 48 {
            return Err(format!("a record holds {total} seeds, not 48"));
        }
        if r[14] > 1 || r[15] >= 12 {
            return Err("a record has an impossible side or move".into());
        }
        let raw = i16::from_le_bytes([r[16], r[17]]);
        let score = PackedScore::decode(raw).ok_or_else(|| format!("impossible score {raw}"))?;
        let kind = match r[22] {
            0 => Some(TableKind::Exact),
            1 => Some(TableKind::Fresh),
            2 => Some(TableKind::Bounds),
            0xFF => None,
            k => return Err(format!("impossible table kind {k}")),
        };
        let table = kind.map(|kind| TableValue {
            lo: r[20],
            hi: r[21],
            kind,
        });
        Ok(Record {
            holes: r[..12].try_into().expect("12 bytes"),
            captured: [r[12], r[13]],
            side: r[14],
            best: r[15],
            score,
            final_seeds: [r[18], r[19]],
            table,
            flags: r[23],
        })
    }

    /// The game's result from the side to move: 1 won, 0.5 drawn, 0 lost.
    pub fn result(&self) -> f32 {
        match self.final_seeds[0].cmp(&self.final_seeds[1]) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        }
    }

    /// Seeds on the board.
    pub fn on_board(&self) -> u32 {
        self.holes.iter().map(|&h| u32::from(h)).sum()
    }

    /// The position as the engine's `oware` board.
    pub fn board(&self) -> crate::variants::oware::Board {
        crate::variants::oware::Board::from_parts(self.holes, self.captured, self.side == 1)
    }
}

/// One game: its index, how it ended and its positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The game's index: it fixes the random plies.
    pub index: u32,
    /// How it ended.
    pub ending: Ending,
    /// The final seeds, `[south, north]`.
    pub final_scores: [u8; 2],
    /// The positions searched, in order.
    pub positions: Vec<Record>,
}

impl GameRecord {
    /// The block's bytes, checksum included.
    pub fn encode(&self) -> Vec<u8> {
        let n = self.positions.len();
        let mut b = Vec::with_capacity(BLOCK_HEAD_LEN + n * RECORD_LEN + CHECKSUM_LEN);
        b.extend_from_slice(BLOCK_MARKER);
        b.extend_from_slice(&self.index.to_le_bytes());
        b.extend_from_slice(&(n as u32).to_le_bytes());
        b.push(self.ending as u8);
        b.extend_from_slice(&self.final_scores);
        b.push(0);
        for record in &self.positions {
            b.extend_from_slice(&record.encode());
        }
        let sum = fnv1a(&b);
        b.extend_from_slice(&sum.to_le_bytes());
        b
    }

    /// The number of positions announced by a block's first
    /// [`BLOCK_HEAD_LEN`] bytes, so the reader knows how much to read.
    pub fn announced(head: &[u8; BLOCK_HEAD_LEN]) -> Result<u32, String> {
        if &head[..4] != BLOCK_MARKER {
            return Err("a game block does not start with its marker".into());
        }
        let n = u32::from_le_bytes(head[8..12].try_into().expect("4 bytes"));
        if n > MAX_POSITIONS {
            return Err(format!("a game block announces {n} positions"));
        }
        Ok(n)
    }

    /// The length of a block of `n` positions.
    pub fn block_len(n: u32) -> usize {
        BLOCK_HEAD_LEN + n as usize * RECORD_LEN + CHECKSUM_LEN
    }

    /// Reads a whole block (its length from [`GameRecord::announced`]).
    pub fn decode(b: &[u8]) -> Result<GameRecord, String> {
        let head: &[u8; BLOCK_HEAD_LEN] = b
            .get(..BLOCK_HEAD_LEN)
            .and_then(|h| h.try_into().ok())
            .ok_or("a game block is cut short")?;
        let n = GameRecord::announced(head)?;
        let len = GameRecord::block_len(n);
        if b.len() != len {
            return Err("a game block is cut short".into());
        }
        let body = &b[..len - CHECKSUM_LEN];
        let sum = u32::from_le_bytes(b[len - CHECKSUM_LEN..].try_into().expect("4 bytes"));
        let index = u32::from_le_bytes(b[4..8].try_into().expect("4 bytes"));
        if sum != fnv1a(body) {
            return Err(format!(
                "game {index}: the block is corrupt (checksum mismatch)"
            ));
        }
        let ending = Ending::from_code(b[12])
            .ok_or_else(|| format!("game {index}: unknown ending {}", b[12]))?;
        let positions = body[BLOCK_HEAD_LEN..]
            .chunks_exact(RECORD_LEN)
            .map(Record::decode)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| format!("game {index}: {e}"))?;
        Ok(GameRecord {
            index,
            ending,
            final_scores: [b[13], b[14]],
            positions,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn header() -> Header {
        Header {
            nodes: 5000,
            random_plies: 8,
            max_plies: 300,
            seed: 1,
            variant: "oware".into(),
            rules: "GrandSlam=nocapture MustFeed=true".into(),
            tables: Some(10),
        }
    }

    fn record() -> Record {
        Record {
            holes: [4; 12],
            captured: [0, 0],
            side: 0,
            best: 5,
            score: PackedScore::Centiseeds(-37),
            final_seeds: [20, 28],
            table: None,
            flags: 0,
        }
    }

    #[test]
    fn headers_round_trip_and_refuse_damage() {
        let h = header();
        let bytes = h.encode().unwrap();
        assert_eq!(Header::decode(&bytes).unwrap(), h);
        let mut bad = bytes;
        bad[20] ^= 1;
        assert!(Header::decode(&bad).unwrap_err().contains("corrupt"));
        let mut old = bytes;
        old[8] = 9;
        assert!(Header::decode(&old).unwrap_err().contains("version 9"));
        assert!(Header::decode(b"PNG").unwrap_err().contains("magic"));
        let other = Header {
            nodes: 8000,
            ..header()
        };
        assert_eq!(h.differences(&other), ["nodes 5000 vs 8000"]);
    }

    #[test]
    fn scores_pack_recognisably() {
        for (score, packed) in [
            (Score(123), PackedScore::Centiseeds(123)),
            (Score(-500_000), PackedScore::Centiseeds(-29999)),
            (Score::table(30, 18, 7), PackedScore::TableMargin(12)),
            (Score::table(10, 38, 7), PackedScore::TableMargin(-28)),
            (
                Score::win_in(5),
                PackedScore::GameEnd {
                    win: true,
                    plies: 5,
                },
            ),
            (
                Score::loss_in(4),
                PackedScore::GameEnd {
                    win: false,
                    plies: 4,
                },
            ),
        ] {
            assert_eq!(PackedScore::of(score), packed, "{score:?}");
            assert_eq!(PackedScore::decode(packed.encode()), Some(packed));
        }
        assert_eq!(PackedScore::TableMargin(12).encode(), 30_012);
        assert_eq!(
            PackedScore::GameEnd {
                win: false,
                plies: 4
            }
            .encode(),
            -31_996
        );
        assert_eq!(PackedScore::decode(30_500), None);
    }

    #[test]
    fn blocks_round_trip_and_detect_corruption() {
        let game = GameRecord {
            index: 7,
            ending: Ending::Repetition,
            final_scores: [22, 26],
            positions: vec![record(); 3],
        };
        let bytes = game.encode();
        assert_eq!(bytes.len(), GameRecord::block_len(3));
        assert_eq!(GameRecord::decode(&bytes).unwrap(), game);
        for at in [5, 20, bytes.len() - 1] {
            let mut bad = bytes.clone();
            bad[at] ^= 0x10;
            assert!(GameRecord::decode(&bad).is_err(), "byte {at}");
        }
        assert!(GameRecord::decode(&bytes[..bytes.len() - 3]).is_err());
    }

    fn any_record() -> impl Strategy<Value = Record> {
        (
            proptest::collection::vec(0u8..=4, 14),
            0u8..2,
            0u8..12,
            any::<i16>(),
            0u8..=48,
            proptest::option::of((0u8..=20, 0u8..=5, 0u8..3)),
            any::<u8>(),
        )
            .prop_map(|(mut seeds, side, best, raw, mine, table, flags)| {
                // 14 fields of at most 4 seeds, the rest piled on South's score.
                let total: u8 = seeds.iter().sum();
                seeds[12] += 48 - total;
                let score = PackedScore::decode(raw).unwrap_or(PackedScore::Centiseeds(0));
                Record {
                    holes: seeds[..12].try_into().unwrap(),
                    captured: [seeds[12], seeds[13]],
                    side,
                    best,
                    score,
                    final_seeds: [mine, 48 - mine],
                    table: table.map(|(lo, width, kind)| TableValue {
                        lo,
                        hi: lo + width,
                        kind: [TableKind::Exact, TableKind::Fresh, TableKind::Bounds]
                            [kind as usize],
                    }),
                    flags,
                }
            })
    }

    proptest! {
        #[test]
        fn any_record_round_trips(record in any_record()) {
            prop_assert_eq!(Record::decode(&record.encode()), Ok(record));
        }

        #[test]
        fn any_score_round_trips(raw in any::<i16>()) {
            if let Some(packed) = PackedScore::decode(raw) {
                prop_assert_eq!(packed.encode(), raw);
            }
        }
    }
}
