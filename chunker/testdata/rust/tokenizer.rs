//! A small tokenizer for arithmetic expressions.

use std::fmt;
use std::iter::Peekable;
use std::str::Chars;

/// Maximum length of a number literal, in digits.
pub const MAX_DIGITS: usize = 18;

/// A lexical token.
#[derive(Debug, Clone, PartialEq)]
pub enum Token {
    Number(i64),
    Plus,
    Minus,
    Star,
    Slash,
    LParen,
    RParen,
}

/// An error found while tokenizing.
#[derive(Debug)]
pub struct LexError {
    pub offset: usize,
    pub message: String,
}

impl fmt::Display for LexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at {}: {}", self.offset, self.message)
    }
}

/// Turns source text into tokens.
pub struct Lexer<'a> {
    chars: Peekable<Chars<'a>>,
    offset: usize,
}

impl<'a> Lexer<'a> {
    /// Creates a lexer over src.
    pub fn new(src: &'a str) -> Self {
        Lexer { chars: src.chars().peekable(), offset: 0 }
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        self.offset += c.len_utf8();
        Some(c)
    }

    /// Reads a number literal whose first digit is first.
    fn number(&mut self, first: char) -> Result<Token, LexError> {
        let mut digits = String::from(first);
        while let Some(&c) = self.chars.peek() {
            if !c.is_ascii_digit() {
                break;
            }
            digits.push(c);
            self.bump();
            if digits.len() > MAX_DIGITS {
                return Err(LexError { offset: self.offset, message: "number too long".into() });
            }
        }
        digits
            .parse()
            .map(Token::Number)
            .map_err(|e| LexError { offset: self.offset, message: e.to_string() })
    }

    /// Returns every token of the input, or the first error.
    pub fn tokenize(mut self) -> Result<Vec<Token>, LexError> {
        let mut out = Vec::new();
        while let Some(c) = self.bump() {
            let tok = match c {
                ' ' | '\t' | '\n' => continue,
                '+' => Token::Plus,
                '-' => Token::Minus,
                '*' => Token::Star,
                '/' => Token::Slash,
                '(' => Token::LParen,
                ')' => Token::RParen,
                d if d.is_ascii_digit() => self.number(d)?,
                other => {
                    return Err(LexError { offset: self.offset, message: format!("unexpected {:?}", other) })
                }
            };
            out.push(tok);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lexes_sum() {
        let toks = Lexer::new("1 + 22").tokenize().unwrap();
        assert_eq!(toks, vec![Token::Number(1), Token::Plus, Token::Number(22)]);
    }
}
