//! The `peakforge` binary: the command line, and the editor when run without a subcommand.

fn main() {
    std::process::exit(peakforge::cli::main());
}
