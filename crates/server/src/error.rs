//! Errors as the API answers them: a status and `{"errors": [{"where": ..., "message": ...}]}`,
//! every located problem at once.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// One problem: where it is (`orders:3:5`, `map.toml:12:1`, `body`, `ruleset` ...) and what.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Problem {
    /// Where: a field of the request, or `name:line:column` inside a text field.
    #[serde(rename = "where")]
    pub at: String,
    /// What is wrong, for people.
    pub message: String,
}

impl Problem {
    /// A problem at `at`.
    pub fn new(at: impl Into<String>, message: impl Into<String>) -> Problem {
        Problem {
            at: at.into(),
            message: message.into(),
        }
    }

    /// A problem from a library's `place: message` line (`file:line:col: message`): the place
    /// is split off when the line starts with one, else `at` names the field.
    pub fn located(at: &str, line: &str) -> Problem {
        match split_place(line) {
            Some((place, message)) => Problem::new(place, message),
            None => Problem::new(at, line),
        }
    }
}

/// `("file:12:3", "message")` from `file:12:3: message` (or `file:12: message`).
fn split_place(line: &str) -> Option<(&str, &str)> {
    let (place, message) = line.split_once(": ")?;
    let mut parts = place.rsplitn(3, ':');
    let last = parts.next()?;
    let numbered = !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit());
    (numbered && parts.next().is_some() && !place.contains(' ')).then_some((place, message))
}

/// An answer other than success.
#[derive(Debug)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// Every problem found.
    pub errors: Vec<Problem>,
}

impl ApiError {
    /// An answer with one problem.
    pub fn one(status: StatusCode, at: impl Into<String>, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            errors: vec![Problem::new(at, message)],
        }
    }

    /// 400 with one problem.
    pub fn bad(at: impl Into<String>, message: impl Into<String>) -> ApiError {
        ApiError::one(StatusCode::BAD_REQUEST, at, message)
    }

    /// 400 with every problem found.
    pub fn bad_all(errors: Vec<Problem>) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            errors,
        }
    }

    /// 400 with every problem of a library's error lines.
    pub fn lines(at: &str, text: &str) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            errors: text.lines().map(|l| Problem::located(at, l)).collect(),
        }
    }

    /// 404.
    pub fn not_found(at: impl Into<String>, message: impl Into<String>) -> ApiError {
        ApiError::one(StatusCode::NOT_FOUND, at, message)
    }

    /// 500: something on the server's side (a file that cannot be written ...).
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::one(StatusCode::INTERNAL_SERVER_ERROR, "server", message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "errors": self.errors });
        (self.status, axum::Json(body)).into_response()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_are_split_off_library_lines() {
        assert_eq!(
            Problem::located("map", "map.toml:3:7: unknown province `xyz`"),
            Problem::new("map.toml:3:7", "unknown province `xyz`")
        );
        assert_eq!(
            Problem::located("ruleset", "no choice for x: set it"),
            Problem::new("ruleset", "no choice for x: set it")
        );
    }
}
