//! Fitting the network of feature set 2 (`crate::variants::oware::net`)
//! on top of fixed linear weights: the same Texel target and loss as
//! [`super::fit`], with the network's term added to the linear
//! evaluation. The network is trained in floating point with hidden
//! units clipped to `0..=1`, then rounded to the engine's fixed point.

use rayon::prelude::*;

use super::data::Dataset;
use super::fit::{self, sigmoid, Adam};
use crate::rng::Rng;
use crate::variants::oware::features::COUNT;
use crate::variants::oware::net::{
    self, hole_row, side_row, Net, HIDDEN_LIMIT, ONE, OUT_LIMIT, ROWS,
};

/// Centiseeds per unit of a trained output weight (the trainer's output
/// weights are of order 1; the file's are centiseeds).
const OUT_SCALE: f64 = 100.0;

/// Settings of the network fit.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct NetSettings {
    /// Hidden units (the engine evaluates files of [`net::HIDDEN`] only).
    pub hidden: usize,
    /// Passes over the training positions.
    pub epochs: usize,
    /// Weight of the game result in the target.
    pub lambda: f64,
    /// Adam's step size at the start (falls linearly to a tenth).
    pub learning_rate: f64,
    /// Positions per Adam step.
    pub batch: usize,
    /// Seed of the initial weights and the shuffling.
    pub seed: u64,
}

impl Default for NetSettings {
    fn default() -> NetSettings {
        NetSettings {
            hidden: net::HIDDEN,
            epochs: 30,
            lambda: 0.5,
            learning_rate: 0.002,
            batch: 4096,
            seed: 1,
        }
    }
}

/// What a network fit found.
#[derive(Clone, Debug)]
pub struct NetReport {
    /// The scale `K` of `sigmoid(eval / K)`, fitted to the results with
    /// the linear weights alone.
    pub k: f64,
    /// Training and validation loss of the linear weights alone.
    pub initial: (f64, f64),
    /// Training and validation loss after each epoch.
    pub epochs: Vec<(f64, f64)>,
    /// Training and validation loss of the rounded network as the engine
    /// evaluates it (`None` unless `hidden` is [`net::HIDDEN`]).
    pub last: Option<(f64, f64)>,
    /// The rounded parameters in file order.
    pub params: Vec<i32>,
}

/// The floating-point network being trained, with `h` hidden units.
struct Model {
    h: usize,
    /// Parameters in file order (hidden weights in units of a fully active
    /// unit, output weights in units of [`OUT_SCALE`]).
    p: Vec<f64>,
}

/// One position's working space in training, made once per batch of
/// positions rather than per position: both views' pre-activations and
/// their gradients, a hidden unit each.
struct Scratch {
    a: Vec<f64>,
    b: Vec<f64>,
    ga: Vec<f64>,
    gb: Vec<f64>,
}

impl Scratch {
    fn new(h: usize) -> Scratch {
        Scratch {
            a: vec![0.0; h],
            b: vec![0.0; h],
            ga: vec![0.0; h],
            gb: vec![0.0; h],
        }
    }
}

/// The input rows of position `rows` (mover's holes, opponent's holes):
/// `(mover's rows, opponent's rows)`, each 6 holes and a side total.
fn inputs(rows: &[u8; 12]) -> ([usize; 7], [usize; 7]) {
    let mut mine = [0; 7];
    let mut theirs = [0; 7];
    let (mut tm, mut tt) = (0, 0);
    for h in 0..6 {
        let (m, t) = (rows[h] as usize, rows[6 + h] as usize);
        mine[h] = hole_row(h, m);
        theirs[h] = hole_row(h, t);
        tm += m;
        tt += t;
    }
    mine[6] = side_row(tm);
    theirs[6] = side_row(tt);
    (mine, theirs)
}

impl Model {
    fn new(h: usize, seed: u64) -> Model {
        let mut rng = Rng::new(seed);
        let mut uniform = |scale: f64| {
            let x = rng.below(1 << 24) as f64 / f64::from(1 << 24);
            (2.0 * x - 1.0) * scale
        };
        let mut p = vec![0.0; net::params(h)];
        let tail = ROWS * 2 * h;
        for (i, w) in p.iter_mut().enumerate() {
            *w = if i < tail {
                uniform(0.1)
            } else if i < tail + h {
                0.5
            } else {
                uniform(0.01)
            };
        }
        Model { h, p }
    }

    /// The pre-activations of both views at `rows`, into `s.a` and `s.b`.
    fn views(&self, rows: &[u8; 12], s: &mut Scratch) {
        let tail = ROWS * 2 * self.h;
        let bias = &self.p[tail..tail + self.h];
        s.a.copy_from_slice(bias);
        s.b.copy_from_slice(bias);
        let (mine, theirs) = inputs(rows);
        self.add_rows(&mine, &mut s.a, &mut s.b);
        self.add_rows(&theirs, &mut s.b, &mut s.a);
    }

    /// Adds the rows `rs` of one side: their first half to that side's
    /// view `first`, their second half to the other view `second`.
    fn add_rows(&self, rs: &[usize; 7], first: &mut [f64], second: &mut [f64]) {
        let h = self.h;
        for &r in rs {
            let row = &self.p[r * 2 * h..(r + 1) * 2 * h];
            for j in 0..h {
                first[j] += row[j];
                second[j] += row[h + j];
            }
        }
    }

    /// The network's term in centiseeds at `rows`, its views left in `s`
    /// for [`Model::backward`].
    fn forward(&self, rows: &[u8; 12], s: &mut Scratch) -> f64 {
        self.views(rows, s);
        let out = &self.p[ROWS * 2 * self.h + self.h..];
        let sum: f64 = (s.a.iter().zip(&s.b).zip(out))
            .map(|((a, b), w)| (a.clamp(0.0, 1.0) - b.clamp(0.0, 1.0)) * w)
            .sum();
        OUT_SCALE * sum
    }

    /// Adds to `grad` the gradient of the network's term at `rows`, times
    /// `g`; `s` holds the views of [`Model::forward`] at `rows`.
    fn backward(&self, rows: &[u8; 12], g: f64, s: &mut Scratch, grad: &mut [f64]) {
        let h = self.h;
        let tail = ROWS * 2 * h;
        let out = &self.p[tail + h..];
        let active = |x: f64| (0.0..1.0).contains(&x) as u8 as f64;
        let Scratch { a, b, ga, gb } = s;
        for j in 0..h {
            ga[j] = g * OUT_SCALE * out[j] * active(a[j]);
            gb[j] = -g * OUT_SCALE * out[j] * active(b[j]);
            grad[tail + h + j] += g * OUT_SCALE * (a[j].clamp(0.0, 1.0) - b[j].clamp(0.0, 1.0));
            grad[tail + j] += ga[j] + gb[j];
        }
        let (mine, theirs) = inputs(rows);
        for (rs, first, second) in [(&mine, &*ga, &*gb), (&theirs, &*gb, &*ga)] {
            for &r in rs.iter() {
                let row = &mut grad[r * 2 * h..(r + 1) * 2 * h];
                for j in 0..h {
                    row[j] += first[j];
                    row[h + j] += second[j];
                }
            }
        }
    }

    /// The parameters rounded to the engine's fixed point, within the
    /// engine's limits.
    fn rounded(&self) -> Vec<i32> {
        let tail = ROWS * 2 * self.h + self.h;
        self.p
            .iter()
            .enumerate()
            .map(|(i, &w)| {
                let (scale, limit) = if i < tail {
                    (f64::from(ONE), HIDDEN_LIMIT)
                } else {
                    (OUT_SCALE, OUT_LIMIT)
                };
                let limit = f64::from(limit);
                (w * scale).round().clamp(-limit, limit) as i32
            })
            .collect()
    }
}

/// Positions per parallel work item (a fixed split, so that sums are
/// added in the same order every run: the fit is deterministic).
const CHUNK: usize = 1024;

/// What the losses evaluate: position `i`'s score in centiseeds, given
/// working space for a network of the fit's width.
type Eval<'a> = &'a (dyn Fn(usize, &mut Scratch) -> f64 + Sync);

/// Mean squared error of `eval(i)` against the targets over the training
/// (`validation` false) or held-out positions; `h` hidden units.
fn loss(data: &Dataset, targets: &[f64], k: f64, validation: bool, h: usize, eval: Eval) -> f64 {
    let idx: Vec<usize> = (0..data.len())
        .filter(|&i| data.validation[i] == validation)
        .collect();
    if idx.is_empty() {
        return 0.0;
    }
    let parts: Vec<f64> = idx
        .par_chunks(CHUNK)
        .map(|c| {
            let mut scratch = Scratch::new(h);
            c.iter()
                .map(|&i| {
                    let d = sigmoid(eval(i, &mut scratch) / k) - targets[i];
                    d * d
                })
                .sum()
        })
        .collect();
    parts.iter().sum::<f64>() / idx.len() as f64
}

/// Fits a network on top of the linear weights `linear`; `on_epoch(epoch,
/// train loss, validation loss)` reports progress. The data must come
/// from `awale datagen` files (they carry the boards the network reads).
pub fn fit_net(
    data: &Dataset,
    linear: &[i32; COUNT],
    s: &NetSettings,
    on_epoch: &mut dyn FnMut(usize, f64, f64),
) -> Result<NetReport, String> {
    if data.rows.len() != data.len() {
        return Err("a network is fitted on `awale datagen` files only (--data)".into());
    }
    if s.hidden == 0 {
        return Err("a network needs at least one hidden unit".into());
    }
    let w: Vec<f64> = linear.iter().map(|&x| f64::from(x)).collect();
    let k = fit::fit_k(data, &w);
    let base: Vec<f64> = (0..data.len()).map(|i| fit::eval(data, &w, i)).collect();
    let targets: Vec<f64> = (0..data.len())
        .map(|i| fit::target(data, i, k, s.lambda))
        .collect();
    let held_out = data.validation.iter().any(|&v| v);
    let losses = |eval: Eval| {
        let train = loss(data, &targets, k, false, s.hidden, eval);
        let valid = if held_out {
            loss(data, &targets, k, true, s.hidden, eval)
        } else {
            train
        };
        (train, valid)
    };
    let initial = losses(&|i, _| base[i]);

    let mut model = Model::new(s.hidden, s.seed);
    let mut order: Vec<usize> = (0..data.len()).filter(|&i| !data.validation[i]).collect();
    let mut rng = Rng::new(s.seed ^ 0x9e37_79b9_7f4a_7c15);
    let mut adam = Adam::new(model.p.len());
    let (mut best, mut best_loss) = (model.p.clone(), f64::INFINITY);
    let mut epochs = Vec::new();
    for epoch in 1..=s.epochs {
        fit::shuffle(&mut order, &mut rng);
        let lr = fit::step_size(s.learning_rate, epoch, s.epochs);
        for batch in order.chunks(s.batch.max(1)) {
            let parts: Vec<Vec<f64>> = batch
                .par_chunks(CHUNK)
                .map(|c| {
                    let mut grad = vec![0.0; model.p.len()];
                    let mut scratch = Scratch::new(model.h);
                    for &i in c {
                        let rows = &data.rows[i];
                        let si = data.scale(i);
                        let p = sigmoid((base[i] + si * model.forward(rows, &mut scratch)) / k);
                        let g = 2.0 * (p - targets[i]) * p * (1.0 - p) / k * si;
                        model.backward(rows, g, &mut scratch, &mut grad);
                    }
                    grad
                })
                .collect();
            let n = batch.len() as f64;
            let mut grad = vec![0.0; model.p.len()];
            for part in &parts {
                for (g, x) in grad.iter_mut().zip(part) {
                    *g += x / n;
                }
            }
            adam.step(&mut model.p, &grad, lr);
        }
        let (train, valid) =
            losses(&|i, scratch| base[i] + data.scale(i) * model.forward(&data.rows[i], scratch));
        epochs.push((train, valid));
        on_epoch(epoch, train, valid);
        if valid < best_loss {
            best_loss = valid;
            best.clone_from(&model.p);
        }
    }
    model.p = best;
    let params = model.rounded();
    let last = Net::new(&params).ok().map(|net| {
        losses(&|i, _| {
            let r = &data.rows[i];
            let mine = std::array::from_fn(|h| r[h]);
            let theirs = std::array::from_fn(|h| r[6 + h]);
            base[i] + data.scale(i) * f64::from(net.value(&mine, &theirs))
        })
    });
    Ok(NetReport {
        k,
        initial,
        epochs,
        last,
        params,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Features;
    use crate::tune::data::mover_rows;
    use crate::variants::oware::{Board, Oware};

    /// A term no linear evaluation of feature set 1 holds: 300 centiseeds
    /// when a side has 3 or more seeds in its first hole while the other
    /// has at most 1 in its last, from the mover's view.
    fn interaction(rows: &[u8; 12]) -> i32 {
        let g = |mine: &[u8], theirs: &[u8]| 300 * (mine[0] >= 3 && theirs[5] <= 1) as i32;
        g(&rows[..6], &rows[6..]) - g(&rows[6..], &rows[..6])
    }

    /// Positions whose result is decided by the captured seeds plus
    /// [`interaction`].
    fn dataset(count: usize) -> Dataset {
        let mut rng = Rng::new(3);
        let mut data = Dataset::new();
        let oware = Oware::default();
        for i in 0..count {
            let board = Board::random(&mut rng, 40, 7);
            let mut features = Vec::new();
            oware.features(&board, &mut features);
            let rows = mover_rows(board);
            let captured = oware.captured(&board);
            let margin = captured + interaction(&rows);
            let result = match margin.signum() {
                1 => 1.0,
                0 => 0.5,
                _ => 0.0,
            };
            data.push(&features, captured, result, margin as f32, (i / 50) as u32);
            data.rows.push(rows);
        }
        data
    }

    #[test]
    fn rounding_keeps_the_parameters_within_the_engines_limits() {
        let mut model = Model::new(net::HIDDEN, 1);
        let last = model.p.len() - 1;
        model.p[0] = 100.0; // 25,600 in fixed point
        model.p[1] = -100.0;
        model.p[last] = -1e9;
        let rounded = model.rounded();
        assert_eq!(&rounded[..2], &[HIDDEN_LIMIT, -HIDDEN_LIMIT]);
        assert_eq!(rounded[last], -OUT_LIMIT);
        assert!(Net::new(&rounded).is_ok());
    }

    #[test]
    fn the_network_learns_what_the_linear_weights_cannot_and_rounds_faithfully() {
        let data = dataset(20_000);
        let settings = NetSettings {
            epochs: 12,
            batch: 256,
            learning_rate: 0.01,
            ..NetSettings::default()
        };
        let report =
            fit_net(&data, &[0; COUNT], &settings, &mut |_, _, _| {}).expect("datagen-like data");
        let best = report
            .epochs
            .iter()
            .map(|e| e.1)
            .fold(f64::INFINITY, f64::min);
        assert!(
            best < 0.7 * report.initial.1,
            "validation {best} against {} for the linear weights",
            report.initial.1
        );
        let last = report.last.expect("a network of the engine's size");
        assert!(
            (last.1 - best).abs() < 0.02 * best,
            "the rounded network ({}) should score as the trained one ({best})",
            last.1
        );
    }

    #[test]
    fn a_network_needs_the_boards_of_datagen_files() {
        let mut data = dataset(10);
        data.rows.clear();
        let err = fit_net(
            &data,
            &[0; COUNT],
            &NetSettings::default(),
            &mut |_, _, _| {},
        );
        assert!(err.unwrap_err().contains("datagen"));
    }
}
