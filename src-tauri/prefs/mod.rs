//! Preferences: settings, player names, the translations the backend speaks, and the
//! configuration (the data folder) from the command line and the environment.

pub mod command_line;
pub mod config;
pub mod engines;
pub mod i18n;
pub(crate) mod names;
pub(crate) mod pace;
pub(crate) mod settings;
