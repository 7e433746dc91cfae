//! A program's manual page, made from its command line's definition
//! (`clap_mangen`), for the release's `share/man/man6` (docs/release.md).
//! Each program prints it to the hidden `--man-page`.

use std::io::Write;
use std::process::ExitCode;

/// The manual page of `command`, in roff, section 6 (games).
pub fn page(command: clap::Command) -> std::io::Result<Vec<u8>> {
    let mut out = Vec::new();
    clap_mangen::Man::new(command)
        .section("6")
        .manual("Amulets")
        .render(&mut out)?;
    Ok(out)
}

/// Prints `command`'s manual page on standard output.
pub fn print(command: clap::Command) -> ExitCode {
    let written = page(command).and_then(|text| std::io::stdout().write_all(&text));
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("the manual page could not be written: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{Arg, Command};

    #[test]
    fn a_page_names_its_program_section_and_options() {
        let command = Command::new("amulets-test")
            .about("A test of the page")
            .arg(Arg::new("seed").long("seed").help("The run's seed"));
        let text = String::from_utf8(page(command).unwrap()).unwrap();
        assert!(text.contains(".TH amulets-test 6"), "{text}");
        assert!(text.contains("seed"), "{text}");
        assert!(text.contains("A test of the page"), "{text}");
    }
}
