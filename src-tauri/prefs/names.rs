//! Player names: what the new-record dialog and the Gomoku players' names accept.

use crate::error::{AppError, AppResult};

/// The name as stored: trimmed, 1 to 32 characters, no control characters (the games crate's
/// one rule, [`pastimes_games::names::player_name`]). Markup is allowed (it is only ever shown
/// as text).
pub fn validate_name(raw: &str) -> AppResult<String> {
    pastimes_games::names::player_name(raw).map_err(AppError::InvalidName)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_trimmed_names_with_markup_as_text() {
        assert_eq!(validate_name("  Ada  ").unwrap(), "Ada");
        assert_eq!(validate_name("<b>Bob</b>").unwrap(), "<b>Bob</b>");
        assert_eq!(validate_name("李小龙").unwrap(), "李小龙");
        assert_eq!(validate_name(&"é".repeat(32)).unwrap().chars().count(), 32);
    }

    #[test]
    fn refuses_empty_long_and_control_characters() {
        for bad in ["", "   ", "a\u{7}b", "tab\there", "line\nbreak"] {
            assert!(matches!(validate_name(bad), Err(AppError::InvalidName(_))), "{bad:?}");
        }
        assert!(matches!(validate_name(&"x".repeat(33)), Err(AppError::InvalidName("too_long"))));
        assert!(validate_name(&"x".repeat(10 * 1024)).is_err());
    }
}
