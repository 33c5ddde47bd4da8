//! `awale tune` on a tiny data set made by `awale datagen`, and weight
//! files through `--eval`: a good one is used, a damaged one refused.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use crate::common::process::{output, run_with_input, text, LATE_MOVE_MARGIN};
use crate::common::scratch;
use awale::variants::oware::weights;

/// Runs `awale args`, which must fail with `why` in its error.
fn refused(args: &[&str], why: &str) {
    let out = output(args);
    let (_, stderr) = text(&out);
    assert!(!out.status.success(), "{args:?}");
    assert!(stderr.contains(why), "{args:?}: {stderr}");
}

/// The two numbers after `label` on its line: train and validation loss,
/// `None` for the latter when nothing is held out (`validation -`).
fn losses(stdout: &str, label: &str) -> (f64, Option<f64>) {
    let line = stdout
        .lines()
        .find(|l| l.starts_with(label))
        .unwrap_or_else(|| panic!("no {label} line in {stdout}"));
    let w: Vec<&str> = line.split_whitespace().collect();
    let n = w.len();
    assert_eq!((w[n - 4], w[n - 2]), ("train", "validation"), "{line}");
    let valid = (w[n - 1] != "-").then(|| w[n - 1].parse().unwrap());
    (w[n - 3].parse().unwrap(), valid)
}

/// A tiny `awale datagen` file in `dir` (30 games of 400 nodes a move).
fn make_data(dir: &Path) -> PathBuf {
    let data = dir.join("d.dat");
    let d = data.to_str().unwrap();
    let out = output(&[
        "datagen",
        "--out",
        d,
        "--games",
        "30",
        "--nodes",
        "400",
        "--tables",
        "<none>",
        "--threads",
        "2",
        "--quiet",
    ]);
    assert!(out.status.success(), "{:?}", text(&out));
    data
}

fn make_weights(dir: &Path) -> PathBuf {
    let data = make_data(dir);
    let d = data.to_str().unwrap();
    let w = dir.join("w.bin");
    let out = output(&[
        "tune",
        "--data",
        d,
        "--out",
        w.to_str().unwrap(),
        "--epochs",
        "20",
        "--lr",
        "3",
        "--batch",
        "256",
    ]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    let before = losses(&stdout, "start:");
    let after = losses(&stdout, "fitted:");
    assert!(after.0 < before.0, "the training loss falls: {stdout}");
    assert!(
        after.1.is_some(),
        "a datagen file holds out games: {stdout}"
    );
    assert!(stdout.contains("epoch  20"), "{stdout}");
    w
}

#[test]
fn tune_lowers_the_loss_and_writes_a_good_file_that_eval_uses() {
    let dir = scratch::dir("tune-fit");
    let w = make_weights(&dir);
    assert!(weights::load(&w).is_ok());
    let path = w.to_str().unwrap();

    // The file is used: bench runs with it, and a damaged copy is refused.
    let out = output(&["bench", "--depth", "3", "--eval", path]);
    assert!(out.status.success(), "{:?}", text(&out));

    let good = std::fs::read(&w).unwrap();
    let mut flipped = good.clone();
    flipped[50] ^= 0x04;
    let bad = dir.join("flipped.bin");
    std::fs::write(&bad, &flipped).unwrap();
    let out = output(&["bench", "--depth", "3", "--eval", bad.to_str().unwrap()]);
    let (_, stderr) = text(&out);
    assert!(!out.status.success());
    assert!(
        stderr.contains("bad weight file") && stderr.contains("checksum"),
        "{stderr}"
    );

    let cut = dir.join("cut.bin");
    std::fs::write(&cut, &good[..good.len() - 7]).unwrap();
    let out = output(&["analyze", "--depth", "2", "--eval", cut.to_str().unwrap()]);
    let (_, stderr) = text(&out);
    assert!(!out.status.success());
    assert!(stderr.contains("truncated"), "{stderr}");

    // A misspelt name is an error too, never a silent fallback.
    let out = output(&["bench", "--depth", "3", "--eval", "fitted"]);
    assert!(!out.status.success());
    // A good one is played: the hand-set weights search other trees.
    let hand = output(&["bench", "--depth", "3", "--eval", "<hand-set>"]);
    let fitted = output(&["bench", "--depth", "3"]);
    assert_ne!(bench_nodes(&hand), bench_nodes(&fitted));

    // A reader of the report that is gone before the first line (`awale
    // tune ... | head -0`) costs neither the run nor the weights file.
    let w2 = dir.join("w2.bin");
    let mut child = Command::new(env!("CARGO_BIN_EXE_awale"))
        .args(["tune", "--data", dir.join("d.dat").to_str().unwrap()])
        .args(["--out", w2.to_str().unwrap(), "--epochs", "3", "--show"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{:?}", text(&out));
    assert!(weights::load(&w2).is_ok());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The bench's node count (the first word of its last line).
fn bench_nodes(out: &Output) -> String {
    let (stdout, stderr) = text(out);
    assert!(out.status.success(), "{stderr}");
    let last = stdout.lines().last().expect("a last line");
    last.split_whitespace()
        .next()
        .expect("a node count")
        .to_string()
}

#[test]
fn tune_net_fits_a_network_that_the_engine_plays_and_checks() {
    let dir = scratch::dir("tune-net");
    let data = make_data(&dir);
    let n = dir.join("n.bin");
    let path = n.to_str().unwrap();
    let out = output(&[
        "tune",
        "--net",
        "--data",
        data.to_str().unwrap(),
        "--out",
        path,
        "--epochs",
        "8",
        "--batch",
        "256",
    ]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    let before = losses(&stdout, "linear:");
    let after = losses(&stdout, "network:");
    assert!(after.0 < before.0, "the training loss falls: {stdout}");
    let eval = weights::load_eval(&n).expect("a good file");
    assert!(eval.net().is_some());
    assert!(weights::load(&n).is_err(), "not a linear file");

    // The engine plays it: another search than the linear weights alone.
    let net = output(&["bench", "--depth", "6", "--eval", path]);
    let linear = output(&["bench", "--depth", "6", "--eval", "<linear>"]);
    assert_ne!(bench_nodes(&net), bench_nodes(&linear));
    let out = run_with_input(&["--eval", path], "eval\nquit\n");
    let (stdout, stderr) = text(&out);
    assert!(stdout.contains("  network: "), "{stdout}{stderr}");

    // Damaged copies are refused by name.
    let good = std::fs::read(&n).unwrap();
    let mut flipped = good.clone();
    flipped[good.len() / 2] ^= 0x10;
    let bad = dir.join("flipped.bin");
    std::fs::write(&bad, &flipped).unwrap();
    let out = output(&["bench", "--depth", "3", "--eval", bad.to_str().unwrap()]);
    let (_, stderr) = text(&out);
    assert!(
        !out.status.success() && stderr.contains("checksum"),
        "{stderr}"
    );
    let cut = dir.join("cut.bin");
    std::fs::write(&cut, &good[..good.len() - 4]).unwrap();
    let out = output(&["bench", "--depth", "3", "--eval", cut.to_str().unwrap()]);
    let (_, stderr) = text(&out);
    assert!(
        !out.status.success() && stderr.contains("truncated"),
        "{stderr}"
    );

    // Other sizes are fitted for their losses only.
    let other = dir.join("other.bin");
    let out = output(&[
        "tune",
        "--net",
        "--hidden",
        "4",
        "--data",
        data.to_str().unwrap(),
        "--out",
        other.to_str().unwrap(),
        "--epochs",
        "1",
    ]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stdout.contains("nothing written") && !other.exists(),
        "{stdout}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The `K` a fit reports.
fn fitted_k(stdout: &str) -> f64 {
    let line = stdout
        .lines()
        .find(|l| l.starts_with("K "))
        .expect("a K line");
    line[2..].trim().parse().expect("a number")
}

/// `--scaled` fits under the engine's scale by seeds on the board (another
/// `K` than the plain fit), `--linear` puts a chosen linear fit under the
/// network, and both refuse what they cannot go with.
#[test]
fn tune_scaled_fits_as_the_engine_scales_and_net_takes_a_chosen_linear_base() {
    let dir = scratch::dir("tune-scaled");
    let data = make_data(&dir);
    let d = data.to_str().unwrap();
    let lin = dir.join("lin.bin");
    let l = lin.to_str().unwrap();
    let fit = |extra: &[&str], out: &str| {
        let mut args = vec!["tune", "--data", d, "--out", out, "--epochs", "3"];
        args.extend_from_slice(extra);
        let out = output(&args);
        let (stdout, stderr) = text(&out);
        assert!(out.status.success(), "{args:?}: {stderr}");
        stdout
    };
    let plain = dir.join("plain.bin");
    let plain_k = fitted_k(&fit(&[], plain.to_str().unwrap()));
    let scaled_k = fitted_k(&fit(&["--scaled", "--scale-scores"], l));
    assert!(
        (plain_k - scaled_k).abs() > 1.0,
        "the scale changes the fit: K {plain_k} and {scaled_k}"
    );
    let linear = weights::load(&lin).expect("a linear file");

    let n = dir.join("n.bin");
    fit(&["--net", "--scaled", "--linear", l], n.to_str().unwrap());
    let eval = weights::load_eval(&n).expect("a good file");
    assert!(eval.net().is_some());
    assert_eq!(eval.weights(), &linear, "the network sits on --linear");

    let o = dir.join("x.bin");
    let o = o.to_str().unwrap();
    refused(
        &["tune", "--data", d, "--out", o, "--scale-scores"],
        "--scale-scores goes with --scaled",
    );
    refused(
        &["tune", "--data", d, "--out", o, "--linear", l],
        "goes with --net",
    );
    refused(
        &["tune", "--calibrate", "--data", d, "--scaled"],
        "--scaled fits --data files only",
    );
    refused(
        &[
            "tune",
            "--net",
            "--data",
            d,
            "--out",
            o,
            "--linear",
            "/nonexistent/lin.bin",
        ],
        "/nonexistent/lin.bin",
    );
    assert!(!Path::new(o).exists(), "nothing written when refused");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The records of a short self-play match of `variant` (fixed nodes, random
/// openings) fitted by `tune --records`: the path of the records, the
/// report and the weight file written.
fn fit_on_records(dir: &Path, variant: &str) -> (PathBuf, String, PathBuf) {
    let records = dir.join(format!("{variant}-games.txt"));
    let me = env!("CARGO_BIN_EXE_awale");
    let (a, b) = (
        format!("cmd={me},arg=uci,name=a"),
        format!("cmd={me},arg=uci,name=b"),
    );
    let out = output(&[
        "match",
        "--engine",
        &a,
        "--engine",
        &b,
        "--variant",
        variant,
        "--nodes",
        "300",
        "--timemargin",
        LATE_MOVE_MARGIN,
        "--openings-random",
        "6",
        "--games",
        "12",
        "--concurrency",
        "2",
        "--records",
        records.to_str().unwrap(),
        "--quiet",
    ]);
    assert!(out.status.success(), "{:?}", text(&out));
    let w = dir.join(format!("{variant}.bin"));
    let out = output(&[
        "tune",
        "--variant",
        variant,
        "--records",
        records.to_str().unwrap(),
        "--out",
        w.to_str().unwrap(),
        "--epochs",
        "10",
        "--batch",
        "64",
        "--show",
    ]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    // Both games of a pair are the same game (one program, fixed nodes):
    // each is read once.
    assert!(stdout.contains(": 6 games,"), "{stdout}");
    assert!(stdout.contains("6 repeated games"), "{stdout}");
    // Six games hold none of the one in ten kept for validation: it says
    // so, and shows no validation loss rather than the training one again.
    assert!(stdout.contains("validation 0)"), "{stdout}");
    assert!(
        stdout.contains("nothing is held out for validation"),
        "{stdout}"
    );
    let before = losses(&stdout, "start:");
    let after = losses(&stdout, "fitted:");
    assert!(after.0 < before.0, "the training loss falls: {stdout}");
    assert_eq!((before.1, after.1), (None, None), "{stdout}");
    assert!(
        stdout
            .lines()
            .filter(|l| l.starts_with("epoch"))
            .all(|l| l.ends_with("validation -")),
        "{stdout}"
    );
    (records, stdout, w)
}

/// `colors12` has a feature set of its own (12): its records give a file of
/// that set, which the family's set refuses.
#[test]
fn tune_fits_colors12_on_match_records() {
    let dir = scratch::dir("tune-records12");
    let (_, stdout, w) = fit_on_records(&dir, "colors12");
    assert!(
        stdout.contains("hole5=12+") && stdout.contains("cells=6+") && stdout.contains("threats"),
        "{stdout}"
    );
    use awale::variants::colors12::features::{COUNT, FEATURE_SET};
    let file = awale::variants::weight_file::load(&w, FEATURE_SET, COUNT).expect("a colors12 file");
    assert!(file.iter().any(|&x| x != 0), "{file:?}");
    use awale::variants::family16::features as family;
    assert!(awale::variants::weight_file::load(&w, family::FEATURE_SET, family::COUNT).is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A colour variant of the family: the records of a self-play match, then
/// `tune --records`, give a weight file of the family's feature set;
/// records of another variant, datagen files for a colour variant and an
/// unknown variant are refused.
#[test]
fn tune_fits_a_colour_variant_on_match_records() {
    let dir = scratch::dir("tune-records");
    let (records, stdout, w) = fit_on_records(&dir, "colors16");
    let r = records.to_str().unwrap();
    assert!(
        stdout.contains("side total=16+") && stdout.contains("holes=12+"),
        "{stdout}"
    );
    use awale::variants::family16::features::{COUNT, FEATURE_SET};
    let file = awale::variants::weight_file::load(&w, FEATURE_SET, COUNT).expect("a family file");
    assert!(file.iter().any(|&x| x != 0), "{file:?}");
    assert!(weights::load(&w).is_err(), "not an Oware weight file");

    let o = dir.join("x.bin");
    let o = o.to_str().unwrap();
    refused(
        &["tune", "--records", r, "--out", o],
        "a game of colors16, not of oware",
    );
    refused(
        &["tune", "--variant", "colors12", "--records", r, "--out", o],
        "a game of colors16, not of colors12",
    );
    refused(
        &["tune", "--variant", "chess", "--records", r, "--out", o],
        "invalid value 'chess' for '--variant <VARIANT>'",
    );
    refused(
        &[
            "tune",
            "--variant",
            "colors16",
            "--option",
            "x",
            "--records",
            r,
            "--out",
            o,
        ],
        "--option 'x': expected NAME=VALUE",
    );
    refused(
        &[
            "tune",
            "--variant",
            "colors16",
            "--option",
            "MustFeed=true",
            "--records",
            r,
            "--out",
            o,
        ],
        "colors16 has no rule options",
    );
    refused(
        &["tune", "--variant", "colors16", "--data", r, "--out", o],
        "use --records for colors16",
    );
    refused(
        &[
            "tune",
            "--variant",
            "colors16",
            "--records",
            "/nonexistent/games.txt",
            "--out",
            o,
        ],
        "/nonexistent/games.txt: No such file",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `tune --calibrate` prints a factor per seed count on a datagen file,
/// with two per count under `--split`, writes nothing, and refuses its
/// options without it and a bad scale.
#[test]
fn tune_calibrate_prints_a_factor_per_seed_count() {
    let dir = scratch::dir("tune-calibrate");
    let data = make_data(&dir);
    let d = data.to_str().unwrap();
    let rows = |args: &[&str], factors: usize| {
        let out = output(args);
        let (stdout, stderr) = text(&out);
        assert!(out.status.success(), "{args:?}: {stderr}");
        let mut lines = stdout.lines().skip_while(|l| !l.starts_with("K "));
        let head: Vec<&str> = lines.next().expect("a K line").split_whitespace().collect();
        let total: usize = head[2].parse().expect("a position count");
        assert!(total > 0, "{stdout}");
        assert!(lines.next().expect("a column line").starts_with("seeds "));
        let rows: Vec<Vec<f64>> = lines
            .map(|l| l.split_whitespace().map(|w| w.parse().unwrap()).collect())
            .collect();
        assert!(!rows.is_empty(), "{stdout}");
        let mut counted = 0.0;
        for r in &rows {
            assert_eq!(r.len(), 4 + factors, "{stdout}");
            assert!(r[0] <= 48.0 && r.iter().all(|x| x.is_finite()), "{stdout}");
            // The fit never predicts worse than the factors it starts from.
            assert!(r[r.len() - 1] <= r[r.len() - 2] + 1e-5, "{stdout}");
            counted += r[1];
        }
        assert_eq!(counted as usize, total, "every seed count is shown");
        rows
    };
    let one = rows(
        &["tune", "--calibrate", "--data", d, "--min-positions", "1"],
        1,
    );
    let two = rows(
        &[
            "tune",
            "--calibrate",
            "--data",
            d,
            "--min-positions",
            "1",
            "--k",
            "321.8",
            "--split",
        ],
        2,
    );
    assert_eq!(one.len(), two.len());
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "only the data");
    // Seed counts under --min-positions are left out, and it says so; when
    // every one is, an error says why instead of a table without rows.
    let out = output(&["tune", "--calibrate", "--data", d, "--min-positions", "200"]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains("left out: ") && stderr.contains("fewer than --min-positions 200"),
        "{stderr}"
    );
    assert!(stdout.lines().count() > 2, "{stdout}");
    refused(
        &[
            "tune",
            "--calibrate",
            "--data",
            d,
            "--min-positions",
            "100000",
        ],
        "no seed count has --min-positions 100000 positions",
    );

    let o = dir.join("x.bin");
    let o = o.to_str().unwrap();
    refused(
        &["tune", "--data", d, "--split", "--out", o],
        "go with --calibrate",
    );
    refused(
        &["tune", "--calibrate", "--data", d, "--out", o],
        "cannot be used with",
    );
    refused(
        &["tune", "--calibrate", "--data", d, "--k", "-1"],
        "--k must be",
    );
    refused(&["tune", "--data", d], "--out <FILE>");
    assert!(!Path::new(o).exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A tmpfs of 64 KB mounted on a directory of its own, unmounted when
/// dropped; `None` (the test then skips, saying why) where this user
/// cannot mount one.
struct SmallDisk(PathBuf);

impl SmallDisk {
    fn mount(dir: &Path) -> Option<SmallDisk> {
        std::fs::create_dir_all(dir).unwrap();
        let out = Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"])
            .arg(dir)
            .stderr(Stdio::piped())
            .output();
        match out {
            Ok(out) if out.status.success() => Some(SmallDisk(dir.to_path_buf())),
            Ok(out) => {
                eprintln!(
                    "skipped: cannot mount a tmpfs: {}",
                    String::from_utf8_lossy(&out.stderr).trim()
                );
                None
            }
            Err(e) => {
                eprintln!("skipped: cannot run mount: {e}");
                None
            }
        }
    }

    /// Fills the disk: every byte left goes to a file of its own.
    fn fill(&self) {
        use std::io::Write;
        let mut filler = std::fs::File::create(self.0.join("filler")).unwrap();
        let block = [0u8; 4096];
        // A tmpfs of 64 KB is full after at most 16 blocks.
        for _ in 0..64 {
            if filler.write_all(&block).is_err() {
                return;
            }
        }
        panic!("the tmpfs did not fill up");
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

/// `tune --out` on a full disk fails and leaves no truncated file: an
/// older weight file under that name stays whole, a new name stays absent.
#[test]
fn tune_out_on_a_full_disk_leaves_no_truncated_file() {
    let dir = scratch::dir("tune-full-disk");
    let data = make_data(&dir);
    let Some(disk) = SmallDisk::mount(&dir.join("disk")) else {
        return;
    };
    let old = disk.0.join("old.bin");
    std::fs::write(
        &old,
        weights::encode(&[7; awale::variants::oware::features::COUNT]),
    )
    .unwrap();
    let before = std::fs::read(&old).unwrap();
    disk.fill();
    let new = disk.0.join("new.bin");
    for out in [&old, &new] {
        let o = out.to_str().unwrap();
        let args = [
            "tune",
            "--data",
            data.to_str().unwrap(),
            "--out",
            o,
            "--epochs",
            "1",
        ];
        refused(&args, o);
    }
    assert_eq!(
        std::fs::read(&old).unwrap(),
        before,
        "the old file stays whole"
    );
    assert!(!new.exists(), "no new file is left");
    let mut names: Vec<_> = std::fs::read_dir(&disk.0)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["filler", "old.bin"], "no temporary file is left");
    drop(disk);
    let _ = std::fs::remove_dir_all(&dir);
}
