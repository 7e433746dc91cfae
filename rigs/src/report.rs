//! A chore's report: what it prints, kept as well, so the chore can write
//! it into the page that shows it (`cargo xtask bench` into
//! docs/performance.md). A figure on a page is then the tool's own, from
//! its last run, never copied by hand.

use anyhow::{Context, Result};
use std::sync::Mutex;

static KEPT: Mutex<String> = Mutex::new(String::new());

/// Prints a line, and keeps it.
pub fn keep(line: std::fmt::Arguments) {
    let line = line.to_string();
    println!("{line}");
    let mut kept = KEPT
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    kept.push_str(&line);
    kept.push('\n');
}

/// Everything said so far, which is then forgotten.
pub fn take() -> String {
    std::mem::take(
        &mut *KEPT
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner),
    )
}

/// `page` with the fenced block that follows `heading` replaced by
/// `report`; an error when the page has no such heading or block.
pub fn put_under(page: &str, heading: &str, report: &str) -> Result<String> {
    let at = page
        .find(heading)
        .with_context(|| format!("no \"{heading}\" to put the report under"))?;
    let open = page[at..]
        .find("```\n")
        .map(|i| at + i + 4)
        .with_context(|| format!("no fenced block under \"{heading}\""))?;
    let close = page[open..]
        .find("```")
        .map(|i| open + i)
        .with_context(|| format!("the block under \"{heading}\" is not closed"))?;
    Ok(format!("{}{}{}", &page[..open], report, &page[close..]))
}

/// `page` with what lies between the lines `start` and `end` replaced by
/// `report`; an error when the page lacks either.
pub fn put_between(page: &str, start: &str, end: &str, report: &str) -> Result<String> {
    let open = page
        .find(start)
        .map(|i| i + start.len())
        .with_context(|| format!("no \"{start}\" to put the report after"))?;
    let close = page[open..]
        .find(end)
        .map(|i| open + i)
        .with_context(|| format!("no \"{end}\" after \"{start}\""))?;
    Ok(format!("{}\n{}{}", &page[..open], report, &page[close..]))
}

/// Prints and keeps a line, as `println!` prints one.
#[macro_export]
macro_rules! say {
    () => {
        $crate::report::keep(format_args!(""))
    };
    ($($arg:tt)*) => {
        $crate::report::keep(format_args!($($arg)*))
    };
}
pub use say;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_report_replaces_the_block_under_its_heading_only() {
        let page = "# P\n\n```\nold one\n```\n\n## The last run\n\ntext\n\n```\nold\nlines\n```\n\nafter\n";
        let put = put_under(page, "## The last run", "new\n").unwrap();
        assert_eq!(
            put,
            "# P\n\n```\nold one\n```\n\n## The last run\n\ntext\n\n```\nnew\n```\n\nafter\n"
        );
        assert!(put_under(page, "## Nowhere", "x").is_err());
        assert!(put_under("## The last run\nno block", "## The last run", "x").is_err());
    }

    #[test]
    fn the_report_replaces_what_lies_between_its_marks() {
        let page = "a\n<!-- from -->\nold\n<!-- to -->\nb\n";
        let put = put_between(page, "<!-- from -->", "<!-- to -->", "new\n").unwrap();
        assert_eq!(put, "a\n<!-- from -->\nnew\n<!-- to -->\nb\n");
        assert!(put_between(page, "<!-- to -->", "<!-- from -->", "x").is_err());
    }

    #[test]
    fn what_is_said_is_kept_until_taken() {
        // The tests of this binary run at once: only this one says things.
        say!("a {}", 1);
        say!();
        assert_eq!(take(), "a 1\n\n");
        assert_eq!(take(), "");
    }
}
