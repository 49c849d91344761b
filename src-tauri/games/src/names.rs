//! Player names: the one rule for what a name may be, for the app's name fields and for names a
//! game's file brings (a Gomocup file's players).

/// The longest name, in characters.
pub const MAX_NAME_CHARS: usize = 32;

/// Why a text is no name, as a stable word.
pub type NameProblem = &'static str;

/// The name as kept: trimmed, 1 to [`MAX_NAME_CHARS`] characters, no control characters.
/// Markup is allowed (it is only ever shown as text).
pub fn player_name(raw: &str) -> Result<String, NameProblem> {
    let name = raw.trim();
    if name.is_empty() {
        return Err("empty");
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err("too_long");
    }
    if name.chars().any(char::is_control) {
        return Err("control_characters");
    }
    Ok(name.to_string())
}
