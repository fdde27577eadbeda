//! The error every problem-format reader returns: the line (and column where it helps)
//! and what was expected there.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError {
    /// 1-based line of the input.
    pub line: usize,
    /// 1-based column in characters, where it helps.
    pub column: Option<usize>,
    pub message: String,
}

impl FormatError {
    pub fn at_line(line: usize, message: impl Into<String>) -> FormatError {
        FormatError {
            line,
            column: None,
            message: message.into(),
        }
    }

    pub fn at(line: usize, column: usize, message: impl Into<String>) -> FormatError {
        FormatError {
            line,
            column: Some(column),
            message: message.into(),
        }
    }
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(c) => write!(f, "line {}, column {}: {}", self.line, c, self.message),
            None => write!(f, "line {}: {}", self.line, self.message),
        }
    }
}

impl std::error::Error for FormatError {}
