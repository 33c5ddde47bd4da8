//! `awale serve` started for a test: on a free port the server picks
//! itself (`--port 0`), its address read from the line it prints.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// Far longer than a server takes to start on a loaded machine; only a
/// hang reaches it.
const PATIENCE: Duration = Duration::from_secs(60);

/// Starts `cmd` (the binary, or a shell that execs it, with `serve --port
/// 0` and any other arguments already given) and returns the process and
/// the address it listens on, `http://HOST:PORT` without a final `/`. Its
/// output keeps being read (and dropped) so that the server never blocks
/// on a full pipe.
pub fn start(mut cmd: Command) -> (Child, String) {
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut tx = Some(tx);
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if let Some(at) = line.find("http://") {
                if let Some(tx) = tx.take() {
                    let url: String = line[at..]
                        .chars()
                        .take_while(|c| !c.is_whitespace())
                        .collect();
                    let _ = tx.send(url.trim_end_matches(['/', '.', ',']).to_string());
                }
            }
        }
    });
    match rx.recv_timeout(PATIENCE) {
        Ok(url) => (child, url),
        Err(_) => {
            let _ = child.kill();
            let _ = child.wait();
            panic!("awale serve printed no http:// address");
        }
    }
}
