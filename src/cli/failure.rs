//! Why a command gave no answer, and the exit status that says so to a script.

/// A command that could not answer: the message for the terminal and the exit status.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    pub code: u8,
    pub message: String,
}

impl Failure {
    /// The question was understood and nothing answers it (no offer matched, no price known).
    pub const NOTHING: u8 = 1;
    /// The command or one of its values was wrong.
    pub const USAGE: u8 = 2;
    /// The catalog could not be read.
    pub const CATALOG: u8 = 3;

    pub fn nothing(message: impl Into<String>) -> Failure {
        Failure {
            code: Failure::NOTHING,
            message: message.into(),
        }
    }

    pub fn usage(message: impl Into<String>) -> Failure {
        Failure {
            code: Failure::USAGE,
            message: message.into(),
        }
    }

    pub fn catalog(message: impl Into<String>) -> Failure {
        Failure {
            code: Failure::CATALOG,
            message: message.into(),
        }
    }
}
