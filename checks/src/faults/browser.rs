//! The browser's faults, on the page a player loads (`index.html`, lock
//! and all), in headless Chromium driven in real time (`cdp`): a save
//! loaded and then the page left, a hidden tab, two tabs, a reload at
//! once, and a page with no Web Locks (an insecure origin).

use super::Row;
use amulets_core::game::Game;
use amulets_core::input::Action;
use amulets_core::player::Class;
use amulets_play::store::SaveText;
use amulets_rigs::cdp::{Chrome, Tab};
use anyhow::{Result, anyhow};
use std::path::Path;
use std::time::{Duration, Instant};

const LONG: Duration = Duration::from_secs(20);

use crate::page::started;

fn saving(chrome: &mut Chrome, tab: &Tab) -> Result<String> {
    let v = chrome.eval(tab, "document.body.dataset.saving")?;
    Ok(v.as_str().unwrap_or("").to_string())
}

fn saved(chrome: &mut Chrome, tab: &Tab) -> Result<Option<String>> {
    let v = chrome.eval(tab, "localStorage.getItem('amulets.save')")?;
    Ok(v.as_str().map(str::to_string))
}

/// The turn of the save the tab's storage holds.
fn saved_turn(chrome: &mut Chrome, tab: &Tab) -> Result<Option<u32>> {
    Ok(saved(chrome, tab)?.and_then(|t| Game::read_save(&t).ok().map(|g| g.turn())))
}

/// Waits for the tab's storage to hold a save of `turn`.
fn wait_saved_turn(chrome: &mut Chrome, tab: &Tab, turn: u32) -> Result<()> {
    let start = Instant::now();
    loop {
        let now = saved_turn(chrome, tab)?;
        if now == Some(turn) {
            return Ok(());
        }
        if start.elapsed() > Duration::from_secs(5) {
            return Err(amulets_rigs::sh::failed(
                "the page's save reaches the turn within 5 s",
                format!("turn {turn}"),
                format!("turn {now:?}"),
            ));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn waits(chrome: &mut Chrome, tab: &Tab, n: usize) -> Result<()> {
    for _ in 0..n {
        chrome.key(tab, '.')?;
    }
    Ok(())
}

fn hidden(chrome: &mut Chrome, tab: &Tab) -> Result<()> {
    chrome.hide(tab)?;
    chrome.wait_for(tab, "document.visibilityState === 'hidden'", LONG)
}

pub fn load_then_leave(work: &Path, base: &str) -> Result<Row> {
    let mut chrome = Chrome::launch(&work.join("chrome-load"), &[], crate::page::PAGE)?;
    let tab = chrome.open(&format!("{base}?seed=42&class=rogue"))?;
    started(&mut chrome, &tab)?;
    waits(&mut chrome, &tab, 5)?;
    // Another run's save, chosen with "Load a save".
    let mut other = Game::new_run(7, Class::Wizard);
    other.act(Action::Wait);
    let text = SaveText(&other).to_string();
    let file = work.join("loaded-save.txt");
    std::fs::write(&file, &text)?;
    chrome.eval(&tab, "window.leftBehind = true")?;
    chrome.choose_file(&tab, "#load-file", &file)?;
    // The page confirms (accepted), keeps the file's save and reloads.
    chrome.wait_for(
        &tab,
        "window.leftBehind === undefined && document.body.dataset.started === 'yes'",
        LONG,
    )?;
    let kept = saved(&mut chrome, &tab)?;
    if kept.as_deref() != Some(text.as_str()) {
        return Err(anyhow!(
            "the page kept {:?}, not the loaded save",
            kept.map(|t| t.lines().take(3).collect::<Vec<_>>().join(" / "))
        ));
    }
    Ok(Row {
        fault: "browser: a save loaded, the page left",
        made: "Load a save (the confirm accepted) at turn 5 of another run".into(),
        did: "kept the loaded save byte for byte; the page's own run was not saved over it".into(),
        runs_lost: 0,
        turns_lost: None,
    })
}

pub fn hidden_tab(work: &Path, base: &str) -> Result<Row> {
    let mut chrome = Chrome::launch(&work.join("chrome-hidden"), &[], crate::page::PAGE)?;
    let tab = chrome.open(&format!("{base}?seed=42&class=rogue"))?;
    started(&mut chrome, &tab)?;
    waits(&mut chrome, &tab, 5)?;
    hidden(&mut chrome, &tab)?;
    wait_saved_turn(&mut chrome, &tab, 5)?;
    Ok(Row {
        fault: "browser: a hidden tab",
        made: "the window minimized at turn 5 (visibilityState hidden)".into(),
        did: "saved turn 5 as it was hidden".into(),
        runs_lost: 0,
        turns_lost: Some(0),
    })
}

/// Two tabs of one profile: the first saves, the second plays without
/// saving and says so; the first's save stands. `extra`: the browser's
/// flags, `url`: the page.
fn two_tabs_at(work: &Path, name: &str, extra: &[&str], url: &str) -> Result<()> {
    let mut chrome = Chrome::launch(&work.join(name), extra, crate::page::PAGE)?;
    let first = chrome.open(url)?;
    started(&mut chrome, &first)?;
    says_saving(&mut chrome, &first, "yes", "the first tab saves")?;
    let second = chrome.open(url)?;
    started(&mut chrome, &second)?;
    says_saving(
        &mut chrome,
        &second,
        "no",
        "a second tab plays without saving",
    )?;
    waits(&mut chrome, &second, 2)?;
    hidden(&mut chrome, &second)?;
    std::thread::sleep(Duration::from_millis(300));
    let turn = saved_turn(&mut chrome, &first)?;
    if turn != Some(0) {
        return Err(amulets_rigs::sh::failed(
            "the second tab leaves the first's save alone",
            "the save of turn 0",
            format!("the save of turn {turn:?}"),
        ));
    }
    waits(&mut chrome, &first, 3)?;
    hidden(&mut chrome, &first)?;
    wait_saved_turn(&mut chrome, &first, 3)?;
    // The first tab leaves: a third takes the save.
    chrome.navigate(&first, "about:blank")?;
    let third = chrome.open(url)?;
    started(&mut chrome, &third)?;
    says_saving(
        &mut chrome,
        &third,
        "yes",
        "a third tab saves once the first left",
    )?;
    Ok(())
}

/// Whether a tab says it saves (`yes` or `no`), as `want` says.
fn says_saving(chrome: &mut Chrome, tab: &Tab, want: &str, check: &str) -> Result<()> {
    let s = saving(chrome, tab)?;
    if s == want {
        Ok(())
    } else {
        Err(amulets_rigs::sh::failed(
            check,
            format!("saving: {want}"),
            format!("saving: {s}"),
        ))
    }
}

pub fn two_tabs(work: &Path, base: &str) -> Result<Row> {
    two_tabs_at(
        work,
        "chrome-two",
        &[],
        &format!("{base}?seed=42&class=rogue"),
    )?;
    Ok(Row {
        fault: "browser: two tabs",
        made: "a second tab of the page while the first plays".into(),
        did: "the second played without saving; the first's save stood; after the first left, a third saved".into(),
        runs_lost: 0,
        turns_lost: None,
    })
}

pub fn no_web_locks(work: &Path, base: &str) -> Result<Row> {
    let port = base.rsplit(':').next().unwrap_or("").trim_end_matches('/');
    let url = format!("http://amulets.test:{port}/?seed=42&class=rogue");
    // An insecure origin, named for the loopback: nothing listens on a LAN
    // address here.
    let rules = "--host-resolver-rules=MAP amulets.test 127.0.0.1";
    {
        let mut chrome = Chrome::launch(&work.join("chrome-locks"), &[rules], crate::page::PAGE)?;
        let tab = chrome.open(&url)?;
        started(&mut chrome, &tab)?;
        let locks = chrome.eval(&tab, "typeof navigator.locks")?;
        if locks != "undefined" {
            return Err(anyhow!("amulets.test has Web Locks ({locks})"));
        }
        let said = chrome.eval(&tab, "document.getElementById('say').textContent")?;
        if !said.as_str().unwrap_or("").contains("no Web Locks") {
            return Err(anyhow!("the page did not say it has no Web Locks: {said}"));
        }
        // To look at: the page as a player on such an origin sees it.
        chrome.screenshot(
            &tab,
            &amulets_rigs::sh::target_dir().join("faults-no-web-locks.png"),
        )?;
    }
    two_tabs_at(work, "chrome-locks-two", &[rules], &url)?;
    Ok(Row {
        fault: "browser: no Web Locks",
        made: "the page on http://amulets.test (an insecure origin), two tabs".into(),
        did: "said so; one tab saved by a beat in localStorage, the other did not; a third took over once the first left".into(),
        runs_lost: 0,
        turns_lost: None,
    })
}

pub fn reload_at_once(work: &Path, base: &str) -> Result<Row> {
    let mut chrome = Chrome::launch(&work.join("chrome-reload"), &[], crate::page::PAGE)?;
    let tab = chrome.open(&format!("{base}?seed=42&class=rogue"))?;
    // The moment the first document holds the lock, the reload.
    chrome.wait_for(&tab, "document.body.dataset.saving === 'yes'", LONG)?;
    chrome.reload(&tab)?;
    // The reloaded document, started.
    chrome.wait_for(
        &tab,
        "performance.getEntriesByType('navigation')[0].type === 'reload' && \
         document.body.dataset.started === 'yes'",
        LONG,
    )?;
    says_saving(&mut chrome, &tab, "yes", "the reloaded page saves")?;
    // However the browser orders a reload's let-go and ask, the new page
    // waits: a second tab that asks while the first still holds the lock,
    // which lets it go a moment later, saves.
    let second = chrome.open(&format!("{base}?seed=42&class=rogue"))?;
    std::thread::sleep(Duration::from_millis(300));
    chrome.navigate(&tab, "about:blank")?;
    started(&mut chrome, &second)?;
    says_saving(
        &mut chrome,
        &second,
        "yes",
        "a page that asked while the lock was held, let go at once, saves",
    )?;
    Ok(Row {
        fault: "browser: a reload at once",
        made: "the page reloaded the moment it held the save's lock".into(),
        did: "saved; so did a page that asked while another held the lock, let go 0.3 s later"
            .into(),
        runs_lost: 0,
        turns_lost: None,
    })
}
