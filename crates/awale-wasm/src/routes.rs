//! The paths of the board's JSON API (docs/web.md), read as the server's
//! router reads them: which call a method and path name.

/// A call of the API.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    /// `GET /api/variants`.
    Variants,
    /// `GET /api/levels`.
    Levels,
    /// `POST /api/games`.
    Create,
    /// `GET /api/games/{id}`.
    Get(String),
    /// `DELETE /api/games/{id}`.
    Delete(String),
    /// `POST /api/games/{id}/{verb}`: move, undo, redo, position, stop,
    /// engine, hint, moves or record.
    Post(String, Verb),
    /// `GET /api/games/{id}/record`, with its `format`.
    Record(String, Option<String>),
    /// `GET /api/games/{id}/analysis`, with its `movetime` as written.
    Analysis(String, Option<String>),
}

/// What a `POST /api/games/{id}/...` asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verb {
    /// A person's move.
    Move,
    /// One ply back.
    Undo,
    /// One ply forward.
    Redo,
    /// A new line from a position.
    Position,
    /// Stop the game's search.
    Stop,
    /// The engine plays a move.
    Engine,
    /// The engine's move, not played.
    Hint,
    /// The value of every move.
    Moves,
    /// A record replaces the game.
    Record,
}

impl Verb {
    fn parse(text: &str) -> Option<Verb> {
        Some(match text {
            "move" => Verb::Move,
            "undo" => Verb::Undo,
            "redo" => Verb::Redo,
            "position" => Verb::Position,
            "stop" => Verb::Stop,
            "engine" => Verb::Engine,
            "hint" => Verb::Hint,
            "moves" => Verb::Moves,
            "record" => Verb::Record,
            _ => return None,
        })
    }

    /// Whether the call searches (and so runs for its own time).
    pub fn searches(self) -> bool {
        matches!(self, Verb::Engine | Verb::Hint | Verb::Moves)
    }
}

/// The value of `key` in a query string (`a=1&b=2`), undecoded: the API's
/// values are numbers and words.
fn query_value(query: &str, key: &str) -> Option<String> {
    query
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .find(|(k, _)| *k == key)
        .map(|(_, v)| v.to_string())
}

/// The call `method` and `path` name; `Err` with the status and message
/// of the server's answer: 404 for an unknown path, 405 for a path that
/// exists with another method.
pub fn route(method: &str, path: &str) -> Result<Route, (u16, String)> {
    let (path, query) = path.split_once('?').unwrap_or((path, ""));
    let parts: Vec<&str> = path.trim_end_matches('/').split('/').collect();
    // The server's own words for these refusals.
    let unknown = || (404, "no such path".to_string());
    let wrong = || (405, "method not allowed here".to_string());
    let id = |i: usize| parts[i].to_string();
    match (parts.as_slice(), method) {
        (["", "api", "variants"], "GET") => Ok(Route::Variants),
        (["", "api", "variants"], _) => Err(wrong()),
        (["", "api", "levels"], "GET") => Ok(Route::Levels),
        (["", "api", "levels"], _) => Err(wrong()),
        (["", "api", "games"], "POST") => Ok(Route::Create),
        (["", "api", "games"], _) => Err(wrong()),
        (["", "api", "games", _], "GET") => Ok(Route::Get(id(3))),
        (["", "api", "games", _], "DELETE") => Ok(Route::Delete(id(3))),
        (["", "api", "games", _], _) => Err(wrong()),
        (["", "api", "games", _, "record"], "GET") => {
            Ok(Route::Record(id(3), query_value(query, "format")))
        }
        (["", "api", "games", _, "analysis"], "GET") => {
            Ok(Route::Analysis(id(3), query_value(query, "movetime")))
        }
        (["", "api", "games", _, "analysis"], _) => Err(wrong()),
        (["", "api", "games", _, verb], m) => match Verb::parse(verb) {
            Some(v) if m == "POST" => Ok(Route::Post(id(3), v)),
            Some(_) => Err(wrong()),
            None => Err(unknown()),
        },
        _ => Err(unknown()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_api_paths_are_read() {
        assert_eq!(route("GET", "/api/variants"), Ok(Route::Variants));
        assert_eq!(route("GET", "/api/levels"), Ok(Route::Levels));
        assert_eq!(route("POST", "/api/levels").unwrap_err().0, 405);
        assert_eq!(route("POST", "/api/games"), Ok(Route::Create));
        assert_eq!(route("GET", "/api/games/g1"), Ok(Route::Get("g1".into())));
        assert_eq!(
            route("POST", "/api/games/g1/engine"),
            Ok(Route::Post("g1".into(), Verb::Engine))
        );
        assert_eq!(
            route("GET", "/api/games/g1/record?format=ogn"),
            Ok(Route::Record("g1".into(), Some("ogn".into())))
        );
        assert_eq!(
            route("GET", "/api/games/g1/analysis?movetime=300"),
            Ok(Route::Analysis("g1".into(), Some("300".into())))
        );
    }

    #[test]
    fn unknown_paths_and_methods_have_the_servers_statuses() {
        assert_eq!(route("GET", "/api/nothing").map_err(|e| e.0), Err(404));
        assert_eq!(
            route("POST", "/api/games/g1/fly").map_err(|e| e.0),
            Err(404)
        );
        assert_eq!(
            route("GET", "/api/games/g1/move").map_err(|e| e.0),
            Err(405)
        );
        assert_eq!(route("PUT", "/api/games").map_err(|e| e.0), Err(405));
    }
}
