//! The words of an OGN text: tags, move numbers, moves, comments,
//! variations and results, each with the line it starts on. Everything
//! else is an error naming its line; nothing here knows the rules.

use super::OgnError;

/// One word of the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token {
    /// `[Name "value"]`, the value unescaped.
    Tag(String, String),
    /// A move number: `n.` (South to move) or `n...` (North to move).
    Number { number: u32, north: bool },
    /// A move: its letter and the `+N` written after it.
    Move { letter: char, captured: Option<u32> },
    /// `{...}` or `; ...`: the text, its whitespace runs as single spaces.
    Comment(String),
    /// `(...)`: the text between the outer parentheses, whitespace runs as
    /// single spaces.
    Variation(String),
    /// A result: the final scores, or `None` for `*`.
    Result(Option<[u32; 2]>),
}

/// A token and the line (from 1) it starts on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lexed {
    pub token: Token,
    pub line: usize,
}

/// Splits `text` into its tokens.
pub fn tokens(text: &str) -> Result<Vec<Lexed>, OgnError> {
    let mut lexer = Lexer {
        text,
        at: 0,
        line: 1,
    };
    let mut out = Vec::new();
    while let Some(lexed) = lexer.next()? {
        out.push(lexed);
    }
    Ok(out)
}

/// Whitespace runs as single spaces, trimmed.
fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whether `c` ends a word.
fn delimits(c: char) -> bool {
    c.is_whitespace() || "[]{}();".contains(c)
}

/// The text left to read, its byte offset and line.
struct Lexer<'a> {
    text: &'a str,
    at: usize,
    line: usize,
}

impl Lexer<'_> {
    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += c.len_utf8();
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    /// Skips spaces and tabs, not newlines.
    fn skip_blanks(&mut self) {
        while self.peek().is_some_and(|c| c.is_whitespace() && c != '\n') {
            self.bump();
        }
    }

    fn next(&mut self) -> Result<Option<Lexed>, OgnError> {
        loop {
            while self.peek().is_some_and(char::is_whitespace) {
                self.bump();
            }
            let line = self.line;
            let Some(c) = self.peek() else {
                return Ok(None);
            };
            let token = match c {
                '[' => self.tag()?,
                '{' => self.comment()?,
                ';' => {
                    let start = self.at + 1;
                    while self.peek().is_some_and(|c| c != '\n') {
                        self.bump();
                    }
                    Token::Comment(squeeze(&self.text[start..self.at]))
                }
                '(' => self.variation()?,
                ']' | '}' | ')' => {
                    return Err(OgnError::new(
                        line,
                        format!("'{c}' closes nothing that was opened"),
                    ))
                }
                _ => {
                    let start = self.at;
                    while self.peek().is_some_and(|c| !delimits(c)) {
                        self.bump();
                    }
                    match self.word(&self.text[start..self.at], line)? {
                        Some(token) => token,
                        None => continue,
                    }
                }
            };
            return Ok(Some(Lexed { token, line }));
        }
    }

    /// `[Name "value"]` on one line.
    fn tag(&mut self) -> Result<Token, OgnError> {
        let line = self.line;
        let bad = |why: &str| OgnError::new(line, format!("bad tag: {why}"));
        self.bump();
        self.skip_blanks();
        let start = self.at;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            self.bump();
        }
        let name = self.text[start..self.at].to_string();
        if name.is_empty() {
            return Err(bad("expected a name after '['"));
        }
        self.skip_blanks();
        if self.bump() != Some('"') {
            return Err(bad(&format!("expected '\"' after the name {name}")));
        }
        let mut value = String::new();
        loop {
            match self.bump() {
                Some('"') => break,
                Some('\\') => match self.bump() {
                    Some(c @ ('"' | '\\')) => value.push(c),
                    _ => return Err(bad(&format!("tag {name}: only \\\" and \\\\ are escapes"))),
                },
                Some('\n') | None => {
                    return Err(bad(&format!(
                        "the value of tag {name} is not closed on its line"
                    )))
                }
                Some(c) => value.push(c),
            }
        }
        self.skip_blanks();
        if self.bump() != Some(']') {
            return Err(bad(&format!("expected ']' after the value of tag {name}")));
        }
        Ok(Token::Tag(name, value))
    }

    /// `{...}`, over any number of lines.
    fn comment(&mut self) -> Result<Token, OgnError> {
        let line = self.line;
        self.bump();
        let start = self.at;
        loop {
            match self.bump() {
                Some('}') => break,
                Some(_) => {}
                None => {
                    return Err(OgnError::new(
                        line,
                        "the comment opened here with '{' is never closed with '}'",
                    ))
                }
            }
        }
        Ok(Token::Comment(squeeze(&self.text[start..self.at - 1])))
    }

    /// `(...)`, nested, with comments inside (whose parentheses do not
    /// count).
    fn variation(&mut self) -> Result<Token, OgnError> {
        let line = self.line;
        self.bump();
        let start = self.at;
        let mut depth = 1usize;
        let unclosed = |what: &str| {
            OgnError::new(
                line,
                format!("the variation opened here with '(' is never closed{what}"),
            )
        };
        while depth > 0 {
            match self.bump() {
                Some('(') => depth += 1,
                Some(')') => depth -= 1,
                Some('{') => {
                    while self
                        .bump()
                        .ok_or_else(|| unclosed(" (a comment in it is not closed)"))?
                        != '}'
                    {}
                }
                Some(_) => {}
                None => return Err(unclosed("")),
            }
        }
        Ok(Token::Variation(squeeze(&self.text[start..self.at - 1])))
    }

    /// A word between delimiters: `None` for what is read and ignored (a
    /// `$N` glyph).
    fn word(&self, word: &str, line: usize) -> Result<Option<Token>, OgnError> {
        let unexpected = || {
            OgnError::new(
                line,
                format!(
                    "unexpected '{word}' (expected a move A-F or a-f, a move number such as 12. or a result such as 25-20 or *)"
                ),
            )
        };
        if word == "*" {
            return Ok(Some(Token::Result(None)));
        }
        if let Some(glyph) = word.strip_prefix('$') {
            if !glyph.is_empty() && glyph.bytes().all(|b| b.is_ascii_digit()) {
                return Ok(None);
            }
            return Err(unexpected());
        }
        let digits = word.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 {
            let number = |text: &str| {
                text.parse::<u32>().map_err(|_| {
                    OgnError::new(line, format!("the number in '{word}' is too large"))
                })
            };
            let rest = &word[digits..];
            if let Some(north) = rest.strip_prefix('-') {
                if !north.is_empty() && north.bytes().all(|b| b.is_ascii_digit()) {
                    return Ok(Some(Token::Result(Some([
                        number(&word[..digits])?,
                        number(north)?,
                    ]))));
                }
                return Err(unexpected());
            }
            let dots = rest.bytes().take_while(|&b| b == b'.').count();
            if dots == 1 || dots == 3 {
                if rest.len() > dots {
                    return Err(OgnError::new(
                        line,
                        format!("'{word}': put a space between the move number and the move"),
                    ));
                }
                return Ok(Some(Token::Number {
                    number: number(&word[..digits])?,
                    north: dots == 3,
                }));
            }
            return Err(unexpected());
        }
        let mut chars = word.chars();
        let letter = chars.next().filter(|c| matches!(c, 'A'..='F' | 'a'..='f'));
        let Some(letter) = letter else {
            return Err(unexpected());
        };
        let rest = chars.as_str().trim_end_matches(['!', '?']);
        let captured = match rest.strip_prefix('+') {
            None if rest.is_empty() => None,
            Some(n) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => {
                Some(n.parse::<u32>().map_err(|_| {
                    OgnError::new(line, format!("the capture in '{word}' is too large"))
                })?)
            }
            _ => return Err(unexpected()),
        };
        Ok(Some(Token::Move { letter, captured }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<Token> {
        tokens(text).unwrap().into_iter().map(|l| l.token).collect()
    }

    #[test]
    fn every_construct_is_a_token_with_its_line() {
        let text = "[Event \"a \\\"b\\\" \\\\ c\"]\n\n1. F f+2! { two\n  lines } 2. E $1 (2. D\n(e) {)} d) ; rest\n3... a *";
        let lexed = tokens(text).unwrap();
        let lines: Vec<usize> = lexed.iter().map(|l| l.line).collect();
        assert_eq!(
            kinds(text),
            vec![
                Token::Tag("Event".into(), "a \"b\" \\ c".into()),
                Token::Number {
                    number: 1,
                    north: false
                },
                Token::Move {
                    letter: 'F',
                    captured: None
                },
                Token::Move {
                    letter: 'f',
                    captured: Some(2)
                },
                Token::Comment("two lines".into()),
                Token::Number {
                    number: 2,
                    north: false
                },
                Token::Move {
                    letter: 'E',
                    captured: None
                },
                Token::Variation("2. D (e) {)} d".into()),
                Token::Comment("rest".into()),
                Token::Number {
                    number: 3,
                    north: true
                },
                Token::Move {
                    letter: 'a',
                    captured: None
                },
                Token::Result(None),
            ]
        );
        assert_eq!(lines, vec![1, 3, 3, 3, 3, 4, 4, 4, 5, 6, 6, 6]);
        assert_eq!(kinds("13-26"), vec![Token::Result(Some([13, 26]))]);
    }

    #[test]
    fn malformed_text_names_its_line() {
        for (text, line, wanted) in [
            ("\n[Event \"x]\n", 2, "not closed on its line"),
            ("[Event x]", 1, "expected '\"'"),
            ("[ \"x\"]", 1, "expected a name"),
            ("[Event \"x\" junk]", 1, "expected ']'"),
            ("[Event \"\\n\"]", 1, "escapes"),
            ("1. F\n\n{ never closed\n", 3, "never closed"),
            ("1. F (e (f)\n", 1, "never closed"),
            ("1. F }", 1, "closes nothing"),
            ("1. G", 1, "unexpected 'G'"),
            ("1. F+x", 1, "unexpected 'F+x'"),
            ("1.. F", 1, "unexpected '1..'"),
            ("1.F", 1, "put a space"),
            ("99999999999. F", 1, "too large"),
            ("1-2-3", 1, "unexpected"),
        ] {
            let err = tokens(text).unwrap_err();
            assert_eq!(err.line, line, "{text:?}: {err}");
            assert!(err.to_string().contains(wanted), "{text:?}: {err}");
        }
    }
}
