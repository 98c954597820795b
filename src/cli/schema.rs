//! `peakforge schema`: prints the JSON Schema of challenge files.

use super::{CliError, EXIT_OK};
use crate::challenge::challenge_schema_text;

/// Arguments of `schema` (none).
#[derive(clap::Args, Debug)]
pub struct Args {}

pub fn run(_: &Args) -> Result<i32, CliError> {
    super::out::bytes(challenge_schema_text().as_bytes());
    Ok(EXIT_OK)
}
