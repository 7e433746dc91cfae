//! The page checked in headless Chromium (Debian's), in real time,
//! through the DevTools protocol, on the test page (`test.html`, made and
//! served by the check only: the page, lock and all, told that it may read
//! keys from its link). The picture of seed 42 after the same keys as the
//! desktop game's screenshot must hold the desktop's map pixel for pixel,
//! and the save the page keeps in `localStorage` must continue in the
//! desktop game at the page's state hash.

use amulets_rigs::cdp::{Chrome, Tab};
use amulets_rigs::tools::{self, Need};
use amulets_rigs::{pixels, server, sh};
use anyhow::{Context, Result, anyhow};
use std::path::Path;
use std::time::Duration;

/// The page's window in the checks: the desktop picture's size, so a
/// screenshot of the canvas is the picture pixel for pixel.
pub const PAGE: (u32, u32) = (
    amulets_picture::layout::LOGICAL_W,
    amulets_picture::layout::LOGICAL_H,
);

/// Every file of the page as built (`cargo xtask web`), which a static
/// host serves and its service worker keeps (`shell-web/web/sw.js`).
pub const SITE: [&str; 7] = [
    "index.html",
    "amulets.js",
    "amulets.wasm",
    "manifest.webmanifest",
    "sw.js",
    "icon-192.png",
    "icon-512.png",
];

/// Waits (20 s at most) until the page says it has started: its module
/// loaded, its first picture drawn.
pub fn started(chrome: &mut Chrome, tab: &Tab) -> Result<()> {
    chrome.wait_for(
        tab,
        "document.body.dataset.started === 'yes'",
        Duration::from_secs(20),
    )
}

/// The site the checks load: the page as built, the test page beside it,
/// and the replays they play; served on a port of 127.0.0.1 for as long as
/// the program runs. The site's base address. `dir` is the page as built.
pub fn serve_site(dir: &Path, work: &Path) -> Result<String> {
    let site = work.join("site");
    std::fs::create_dir_all(site.join("replays"))?;
    for name in SITE {
        std::fs::copy(dir.join(name), site.join(name)).map_err(|e| anyhow!("{name}: {e}"))?;
    }
    let root = sh::root();
    // The test page: the page itself, told before its script runs that it
    // is the test page (so it reads keys from its link).
    let page = std::fs::read_to_string(dir.join("index.html"))?;
    let script = "<script src=\"amulets.js\"></script>";
    if !page.contains(script) {
        return Err(anyhow!("index.html does not load its script as {script}"));
    }
    let test = page.replace(
        script,
        &format!("<script>window.AMULETS_TEST = true;</script>\n{script}"),
    );
    std::fs::write(site.join("test.html"), test).map_err(|e| anyhow!("test.html: {e}"))?;
    std::fs::copy(
        root.join("tests/replays/rogue-42.txt"),
        site.join("replays/rogue-42.txt"),
    )
    .map_err(|e| anyhow!("the replay: {e}"))?;
    server::serve(site)
}

/// The player's page with the bot playing (`?bot`), after a few seconds
/// of steps put on the canvas only where they changed: the canvas must
/// hold the module's whole picture, pixel for pixel. Its screenshot is
/// left in the check's folder to look at.
fn canvas_holds_the_picture(work: &Path, base: &str) -> Result<()> {
    let mut chrome = Chrome::launch(&work.join("chrome-bot"), &[], PAGE)?;
    let tab = chrome.open(&format!("{base}?seed=42&class=fighter&bot"))?;
    started(&mut chrome, &tab)?;
    std::thread::sleep(Duration::from_secs(4));
    let steps = chrome.eval(&tab, "window.amuletsFrameTimes.length")?;
    let differs = chrome.eval(&tab, "window.amuletsCanvasDiffers()")?;
    let shot = work.join("bot.png");
    chrome.screenshot(&tab, &shot)?;
    if steps.as_u64().unwrap_or(0) < 20 {
        return Err(sh::failed(
            "web: the bot plays in the page",
            "at least 20 steps in 4 s",
            format!("{steps} steps ({})", shot.display()),
        ));
    }
    if differs != serde_json::json!(-1) {
        let at = differs.as_u64().unwrap_or(0);
        return Err(sh::failed(
            &format!("web: after {steps} steps painted in part, the canvas is the picture"),
            "every pixel the picture's",
            format!(
                "a pixel differs at ({}, {}) ({})",
                at % u64::from(amulets_picture::layout::LOGICAL_W),
                at / u64::from(amulets_picture::layout::LOGICAL_W),
                shot.display()
            ),
        ));
    }
    println!(
        "web: after {steps} steps of the bot put on the canvas in part, it holds the whole picture ({})",
        shot.display()
    );
    Ok(())
}

/// The page a player loads, with `?daily`: today's dungeon, marked in its
/// save; abandoned from the menu, its record and the hall kept in
/// localStorage; begun again, a practice run.
fn the_day_and_the_records(work: &Path, base: &str) -> Result<()> {
    let mut chrome = Chrome::launch(&work.join("chrome-daily"), &[], PAGE)?;
    let tab = chrome.open(&format!("{base}?daily"))?;
    started(&mut chrome, &tab)?;
    let item = |chrome: &mut Chrome, key: &str| -> Result<String> {
        let v = chrome.eval(&tab, &format!("localStorage.getItem('{key}') || ''"))?;
        Ok(v.as_str().unwrap_or_default().to_string())
    };
    // The class screen of the day's dungeon is up: a, the Fighter.
    chrome.key(&tab, 'a')?;
    std::thread::sleep(Duration::from_millis(300));
    let save = item(&mut chrome, "amulets.save")?;
    let day = save
        .lines()
        .find_map(|l| l.strip_prefix("daily "))
        .with_context(|| format!("the day's run is not marked in its save:\n{save}"))?
        .to_string();
    if !day.ends_with(" counts") {
        return Err(anyhow!("the day's first run does not count: {day}"));
    }
    // The menu's n, then y: the run is abandoned, recorded, and its save
    // gone; back to the title, T and a: the day's second run.
    for k in ['\x1b', 'n', 'y', '\x1b', 't', 'a'] {
        chrome.key(&tab, k)?;
        std::thread::sleep(Duration::from_millis(200));
    }
    let record = item(&mut chrome, "amulets.morgue.0")?;
    let name = record.lines().next().unwrap_or_default().to_string();
    if !(name.starts_with("fighter-") && name.ends_with("-abandoned.txt")) {
        return Err(anyhow!(
            "the page kept no record of the abandoned run: {record:?}"
        ));
    }
    let hall = amulets_play::fame::Hall::parse(&item(&mut chrome, "amulets.scores")?)
        .map_err(|e| anyhow!("the page's hall of fame: {e}"))?;
    if hall.entered != 1 || hall.days.len() != 1 {
        return Err(anyhow!("the page's hall of fame is {hall:?}"));
    }
    let save = item(&mut chrome, "amulets.save")?;
    if !save
        .lines()
        .any(|l| l.starts_with("daily ") && l.ends_with(" practice"))
    {
        return Err(anyhow!("the day's second run is not practice:\n{save}"));
    }
    println!(
        "web: ?daily plays the day's dungeon ({}), a run abandoned leaves {name} and a place in the hall, and the day's second run is practice",
        day.trim_end_matches(" counts")
    );
    Ok(())
}

/// The hall of fame's screen in the page a player loads, over the example
/// hall put in its localStorage (`docs/hall-page.png` is a copy).
fn hall_shot(work: &Path, base: &str) -> Result<()> {
    let mut chrome = Chrome::launch(&work.join("chrome-hall"), &[], PAGE)?;
    let tab = chrome.open(&format!("{base}?seed=1"))?;
    started(&mut chrome, &tab)?;
    let text = crate::hall::example().to_string();
    chrome.eval(
        &tab,
        &format!(
            "localStorage.setItem('amulets.scores', {})",
            serde_json::json!(text)
        ),
    )?;
    chrome.reload(&tab)?;
    started(&mut chrome, &tab)?;
    chrome.key(&tab, 'h')?;
    std::thread::sleep(Duration::from_millis(300));
    let shot = work.join("hall-page.png");
    chrome.screenshot(&tab, &shot)?;
    println!("web: the hall of fame in the page: {}", shot.display());
    Ok(())
}

/// A keymap chosen in the page's list is in force and kept: the page
/// loaded again still has it, and a link's keys typed on Dvorak's letters
/// play the run the book's letters play.
fn the_keymap_is_kept(work: &Path, base: &str) -> Result<()> {
    let mut chrome = Chrome::launch(&work.join("chrome-keymap"), &[], PAGE)?;
    let tab = chrome.open(&format!("{base}?seed=42&class=fighter"))?;
    started(&mut chrome, &tab)?;
    chrome.eval(
        &tab,
        "(() => { const k = document.getElementById('keymap'); k.value = 'dvorak'; \
         k.dispatchEvent(new Event('change')); return k.value; })()",
    )?;
    let tab = chrome.open(&format!("{base}?seed=42&class=fighter"))?;
    started(&mut chrome, &tab)?;
    let shown = chrome.eval(&tab, "document.getElementById('keymap').value")?;
    let kept = chrome.eval(&tab, "localStorage.getItem('amulets.settings') || ''")?;
    if shown != serde_json::json!("dvorak")
        || !kept.as_str().unwrap_or("").contains("keymap = dvorak")
    {
        return Err(anyhow!(
            "the page loaded again shows the keymap {shown} and keeps {kept}"
        ));
    }
    // The same moves on each layout's letters: the same run.
    let mut hashes = Vec::new();
    for (map, keys) in [("default", "ooohhjjkkll"), ("dvorak", "oooddhhttnn")] {
        let mut chrome = Chrome::launch(&work.join(format!("chrome-keys-{map}")), &[], PAGE)?;
        let tab = chrome.open(&format!(
            "{base}test.html?seed=42&class=fighter&keymap={map}&keys={keys}"
        ))?;
        let text = test_output(&mut chrome, &tab)?;
        hashes.push(text.lines().next().unwrap_or_default().to_string());
    }
    if hashes[0] != hashes[1] || !hashes[0].starts_with("state hash ") {
        return Err(sh::failed(
            "web: Dvorak's letters play the book's run",
            "two equal state hashes",
            format!("{hashes:?}"),
        ));
    }
    println!(
        "web: a keymap chosen in the page is kept, and Dvorak's letters play the book's run ({})",
        hashes[0]
    );
    Ok(())
}

/// The page a player loads, seed 42's Fighter, and `o`: its ARIA live
/// region says the book's checkpoint in order.
fn the_live_region_speaks(work: &Path, base: &str) -> Result<()> {
    let mut chrome = Chrome::launch(&work.join("chrome-speech"), &[], PAGE)?;
    let tab = chrome.open(&format!("{base}?seed=42&class=fighter"))?;
    started(&mut chrome, &tab)?;
    chrome.key(&tab, 'o')?;
    chrome.wait_for(
        &tab,
        "document.getElementById('speech').textContent.includes('giant white rat')",
        Duration::from_secs(20),
    )?;
    let said = chrome.eval(
        &tab,
        "[...document.getElementById('speech').children].map(p => p.textContent).join('\\n')",
    )?;
    let said = said.as_str().unwrap_or_default().to_string();
    let want = "Welcome, Fighter. Find the Amulet on each floor, and the ninth one wins.\n\
                You open the door.\nYou see a giant white rat.";
    if said != want {
        return Err(sh::failed(
            "web: the live region says seed 42's checkpoint in order",
            format!("{want:?}"),
            format!("{said:?}"),
        ));
    }
    let live = chrome.eval(
        &tab,
        "document.getElementById('speech').getAttribute('aria-live')",
    )?;
    if live != serde_json::json!("polite") {
        return Err(sh::failed(
            "web: the speech region is polite",
            "aria-live=\"polite\"",
            format!("aria-live={live}"),
        ));
    }
    println!("web: the page's ARIA live region says seed 42's checkpoint in order");
    Ok(())
}

/// The page on a phone held `name` (`w` x `h` CSS pixels, touch): the
/// small picture, its cells at least `LEAST_CELL_CSS`, every element on
/// the screen; the pad and a tap on the map play; a tap on the status
/// shows the messages; the menu fits; larger cells are kept; a double tap
/// zooms nothing; and the bot's run stays in view, the player's cell on
/// the screen every time it is looked at.
fn the_phone_page(work: &Path, base: &str, w: u32, h: u32, name: &str) -> Result<()> {
    let (mut chrome, tab) = open_phone_page(
        work,
        &format!("chrome-phone-{w}"),
        &format!("{base}?seed=42&class=fighter"),
        (w, h),
    )?;
    let touch = chrome.eval(
        &tab,
        "[document.body.classList.contains('touch'), document.body.classList.contains('compact')]",
    )?;
    if touch != serde_json::json!([true, true]) {
        return Err(anyhow!(
            "{name}: the page took the phone for a desktop: [touch, small picture] {touch}"
        ));
    }
    let size = phone_layout(&mut chrome, &tab, w, h, name)?;
    phone_play(&mut chrome, &tab, name)?;
    let shot = work.join(format!("phone-{w}x{h}.png"));
    chrome.screenshot(&tab, &shot)?;
    phone_menu_and_cells(&mut chrome, &tab, (w, h), name, size, work)?;
    drop(chrome);
    phone_bot(work, base, w, h, name)?;
    phone_gestures(work, base, (w, h), name)?;
    println!(
        "web: on a phone {name} ({w}x{h}) a cell is {size:.1} CSS px, every element is on the screen, A explores, taps travel and show the messages, the menu fits, large cells are kept ({})",
        shot.display()
    );
    Ok(())
}

/// The page a player loads, on a new profile (`dir` in the check's
/// folder) of a touch screen `w` x `h`, once it has started.
fn open_phone_page(work: &Path, dir: &str, url: &str, (w, h): (u32, u32)) -> Result<(Chrome, Tab)> {
    let mut chrome = Chrome::launch(&work.join(dir), &[], PAGE)?;
    let tab = chrome.open_phone(url, w, h)?;
    started(&mut chrome, &tab)?;
    Ok((chrome, tab))
}

/// The least a map cell may be on a phone, in CSS pixels.
const LEAST_CELL_CSS: f64 = 16.0;

/// Every element's box on the `w` x `h` screen (those shown), the picture
/// and the pad apart, and a cell's size in CSS pixels, which it returns.
fn phone_layout(chrome: &mut Chrome, tab: &Tab, w: u32, h: u32, name: &str) -> Result<f64> {
    let off = chrome.eval(
        tab,
        &format!(
            "[...document.querySelectorAll('body *')].filter(e => {{ \
               const r = e.getBoundingClientRect(); \
               return !e.closest('.for-readers') && r.width > 0 && r.height > 0 && \
                 (r.left < -0.5 || r.top < -0.5 || r.right > {w} + 0.5 || r.bottom > {h} + 0.5); }}) \
             .map(e => (e.id || e.tagName) + ' ' + JSON.stringify(e.getBoundingClientRect()))"
        ),
    )?;
    if off != serde_json::json!([]) {
        return Err(anyhow!(
            "{name}: elements run off the {w}x{h} screen: {off}"
        ));
    }
    let apart = chrome.eval(
        tab,
        "(() => { const a = document.getElementById('screen').getBoundingClientRect(), \
           b = document.getElementById('pad').getBoundingClientRect(), \
           c = document.getElementById('bar').getBoundingClientRect(); \
           const meet = (p, q) => p.left < q.right - 0.5 && q.left < p.right - 0.5 && \
             p.top < q.bottom - 0.5 && q.top < p.bottom - 0.5; \
           return !meet(a, b) && !meet(a, c) && !meet(b, c); })()",
    )?;
    if apart != serde_json::json!(true) {
        return Err(anyhow!("{name}: the picture, the pad and the bar overlap"));
    }
    cell_css(chrome, tab, name)
}

/// A map cell's size on the screen, in CSS pixels: at least
/// `LEAST_CELL_CSS`.
fn cell_css(chrome: &mut Chrome, tab: &Tab, name: &str) -> Result<f64> {
    let v = chrome.eval(
        tab,
        "(() => { const c = document.getElementById('screen'); \
           return c.getBoundingClientRect().width / c.width * 20; })()",
    )?;
    let size = v.as_f64().unwrap_or(0.0);
    // A box is laid out in 64ths of a pixel: a cell may lose a thousandth.
    if size + 0.01 < LEAST_CELL_CSS {
        return Err(anyhow!(
            "{name}: a map cell is {size:.1} CSS px, under {LEAST_CELL_CSS}"
        ));
    }
    Ok(size)
}

/// What the page's live region has said.
fn spoken(chrome: &mut Chrome, tab: &Tab) -> Result<String> {
    let v = chrome.eval(tab, "document.getElementById('speech').textContent")?;
    Ok(v.as_str().unwrap_or_default().to_string())
}

/// What the live region says after `f` that it had not said before.
fn said_after(
    chrome: &mut Chrome,
    tab: &Tab,
    f: impl FnOnce(&mut Chrome) -> Result<()>,
) -> Result<String> {
    let before = spoken(chrome, tab)?;
    f(chrome)?;
    std::thread::sleep(Duration::from_millis(400));
    let after = spoken(chrome, tab)?;
    Ok(after
        .strip_prefix(before.as_str())
        .unwrap_or_default()
        .to_string())
}

/// An element's box, `[left, top, right, bottom]`.
fn rect_of(chrome: &mut Chrome, tab: &Tab, sel: &str) -> Result<[f64; 4]> {
    let v = chrome.eval(
        tab,
        &format!(
            "(() => {{ const r = document.querySelector('{sel}').getBoundingClientRect(); \
             return [r.left, r.top, r.right, r.bottom]; }})()"
        ),
    )?;
    let n = |i: usize| v[i].as_f64().unwrap_or(f64::NAN);
    Ok([n(0), n(1), n(2), n(3)])
}

fn centre(r: [f64; 4]) -> (f64, f64) {
    ((r[0] + r[2]) / 2.0, (r[1] + r[3]) / 2.0)
}

/// A explores to the rat; a tap on the map travels (the rat refuses it,
/// in the book's words); a tap on the status shows the messages, a key
/// closes them; a double tap zooms and scrolls nothing.
fn phone_play(chrome: &mut Chrome, tab: &Tab, name: &str) -> Result<()> {
    let (x, y) = centre(rect_of(chrome, tab, "#pad button[data-bit=\"5\"]")?);
    chrome.tap(tab, x, y, 80)?;
    chrome.wait_for(
        tab,
        "document.getElementById('speech').textContent.includes('You see a giant white rat.')",
        Duration::from_secs(20),
    )?;
    // A tap well away from the player (the camera keeps them where it
    // last looked, not in the middle): the corner point of the map's part
    // farthest from them.
    let map = rect_of(chrome, tab, "#screen")?;
    let me = page_game(chrome, tab)?.player().pos;
    let at = cell_on_screen(chrome, tab, me)?.unwrap_or(centre(map));
    let (x, y) = [(0.2, 0.2), (0.8, 0.2), (0.2, 0.6), (0.8, 0.6)]
        .into_iter()
        .map(|(fx, fy)| {
            (
                map[0] + (map[2] - map[0]) * fx,
                map[1] + (map[3] - map[1]) * fy,
            )
        })
        .max_by(|a, b| {
            let d = |p: &(f64, f64)| (p.0 - at.0).hypot(p.1 - at.1);
            d(a).total_cmp(&d(b))
        })
        .unwrap_or(centre(map));
    let new = said_after(chrome, tab, |c| c.tap(tab, x, y, 60))?;
    if !(new.contains("in view") || new.contains("Arrived") || new.contains("way there")) {
        return Err(anyhow!("{name}: a tap on the map did not travel: {new:?}"));
    }
    // The status is the picture's last rows.
    let status = (map[0] + 20.0, map[3] - 10.0);
    let new = said_after(chrome, tab, |c| c.tap(tab, status.0, status.1, 60))?;
    if !new.contains("The messages") {
        return Err(anyhow!(
            "{name}: a tap on the status did not show the messages: {new:?}"
        ));
    }
    // B: back to the map.
    let (bx, by) = centre(rect_of(chrome, tab, "#pad button[data-bit=\"6\"]")?);
    chrome.tap(tab, bx, by, 60)?;
    for _ in 0..2 {
        chrome.tap(tab, x, y, 30)?;
        std::thread::sleep(Duration::from_millis(60));
    }
    std::thread::sleep(Duration::from_millis(400));
    let view = chrome.eval(
        tab,
        "[visualViewport.scale, scrollX, scrollY, \
          document.scrollingElement.scrollHeight <= innerHeight, \
          document.scrollingElement.scrollWidth <= innerWidth]",
    )?;
    if view != serde_json::json!([1, 0, 0, true, true]) {
        return Err(sh::failed(
            &format!("web: {name}: a double tap zooms and scrolls nothing"),
            "[1, 0, 0, true, true] (scale, scroll, fit)",
            view,
        ));
    }
    Ok(())
}

/// The menu opens on the screen and closes; its "Larger cells" makes the
/// cells larger, kept over a reload; and back.
fn phone_menu_and_cells(
    chrome: &mut Chrome,
    tab: &Tab,
    (w, h): (u32, u32),
    name: &str,
    small: f64,
    work: &Path,
) -> Result<()> {
    let tap_on = |chrome: &mut Chrome, sel: &str| -> Result<()> {
        let (x, y) = centre(rect_of(chrome, tab, sel)?);
        chrome.tap(tab, x, y, 60)?;
        std::thread::sleep(Duration::from_millis(200));
        Ok(())
    };
    tap_on(chrome, "#menu")?;
    let actions = rect_of(chrome, tab, "#actions")?;
    let (fw, fh) = (f64::from(w), f64::from(h));
    let inside = actions[0] >= -0.5
        && actions[1] >= -0.5
        && actions[2] <= fw + 0.5
        && actions[3] <= fh + 0.5;
    if !inside || actions[3] - actions[1] < 40.0 {
        return Err(anyhow!(
            "{name}: the open menu {actions:?} is not on the {w}x{h} screen"
        ));
    }
    phone_layout(chrome, tab, w, h, name)?;
    chrome.screenshot(tab, &work.join(format!("phone-{w}x{h}-menu.png")))?;
    tap_on(chrome, "#cells")?;
    let large = cell_css(chrome, tab, name)?;
    chrome.screenshot(tab, &work.join(format!("phone-{w}x{h}-large.png")))?;
    chrome.reload(tab)?;
    started(chrome, tab)?;
    let kept = cell_css(chrome, tab, name)?;
    if large <= small + 2.0 || (kept - large).abs() > 0.5 {
        return Err(anyhow!(
            "{name}: larger cells: {small:.1} CSS px, then {large:.1}, after a reload {kept:.1}"
        ));
    }
    phone_layout(chrome, tab, w, h, name)?;
    tap_on(chrome, "#menu")?;
    tap_on(chrome, "#cells")?;
    let back = cell_css(chrome, tab, name)?;
    if (back - small).abs() > 0.5 {
        return Err(anyhow!(
            "{name}: smaller cells again: {back:.1} CSS px, not {small:.1}"
        ));
    }
    Ok(())
}

/// The bot's run on a phone: the player's cell is on the screen, inside
/// the picture, each time it is looked at to turn 50 and on to 150.
fn phone_bot(work: &Path, base: &str, w: u32, h: u32, name: &str) -> Result<()> {
    let (mut chrome, tab) = open_phone_page(
        work,
        &format!("chrome-phone-bot-{w}"),
        &format!("{base}?seed=42&class=fighter&bot"),
        (w, h),
    )?;
    let screen = rect_of(&mut chrome, &tab, "#screen")?;
    let (fw, fh) = (f64::from(w), f64::from(h));
    let mut looked = 0;
    let began = std::time::Instant::now();
    loop {
        let v = chrome.eval(&tab, "amuletsPlayer()")?;
        let turn = v[0].as_u64().unwrap_or(0);
        let cell: Option<Vec<f64>> = v[1]
            .as_array()
            .map(|a| a.iter().filter_map(|n| n.as_f64()).collect());
        let Some(c) = cell.filter(|c| c.len() == 4) else {
            return Err(anyhow!(
                "{name}: at turn {turn} of the bot's run the player is off the map shown"
            ));
        };
        let on = c[0] >= screen[0] - 0.5
            && c[1] >= screen[1] - 0.5
            && c[2] <= screen[2].min(fw) + 0.5
            && c[3] <= screen[3].min(fh) + 0.5;
        if !on {
            return Err(anyhow!(
                "{name}: at turn {turn} the player's cell {c:?} is off the screen's picture {screen:?}"
            ));
        }
        looked += 1;
        if turn >= 150 && looked >= 10 {
            println!(
                "web: on a phone {name} the bot's player stayed on the screen, looked at {looked} times to turn {turn}"
            );
            return Ok(());
        }
        if began.elapsed() > Duration::from_secs(120) {
            return Err(anyhow!("{name}: the bot reached only turn {turn} in 120 s"));
        }
        std::thread::sleep(Duration::from_millis(250));
    }
}

/// Waits for the test page to write its output, and reads it.
fn test_output(chrome: &mut Chrome, tab: &Tab) -> Result<String> {
    chrome.wait_for(
        tab,
        "document.getElementById('amulets-test').textContent.length > 0",
        Duration::from_secs(20),
    )?;
    let v = chrome.eval(tab, "document.getElementById('amulets-test').textContent")?;
    v.as_str()
        .map(str::to_string)
        .with_context(|| format!("the page wrote {v}"))
}

/// Opens the test page on a new profile, reads the save it kept in
/// localStorage and the live game's hash, and has the desktop game
/// continue that save: the hashes must be equal. The hash.
fn continue_page_save(work: &Path, game: &Path, url: &str, name: &str) -> Result<String> {
    let mut chrome = Chrome::launch(&work.join(format!("chrome-{name}")), &[], PAGE)?;
    let tab = chrome.open(url)?;
    let text = test_output(&mut chrome, &tab)?;
    drop(chrome);
    let mut parts = text.splitn(3, '\n');
    let (first_line, claimed, save) = match (parts.next(), parts.next(), parts.next()) {
        (Some(h), Some(c), Some(s)) => (h, c, s),
        _ => return Err(anyhow!("the page wrote no hash and save:\n{text}")),
    };
    if claimed != "claimed true" {
        return Err(anyhow!("the page did not hold the save's lock: {claimed}"));
    }
    let page_hash = first_line
        .strip_prefix("state hash ")
        .with_context(|| format!("the page wrote {first_line:?}"))?;
    if !save.starts_with("amulets-save ") {
        return Err(anyhow!("the page kept no save in localStorage:\n{text}"));
    }
    let saves = work.join(format!("{name}-saves"));
    std::fs::create_dir_all(&saves)?;
    std::fs::write(saves.join(amulets_desktop::store::SAVE), save)?;
    let mut c = sh::cmd(
        &game.display().to_string(),
        &[
            "--keys",
            "c",
            "--screenshot",
            &saves.join("continued.png").display().to_string(),
            "--save-dir",
            &saves.display().to_string(),
        ],
    );
    c.env("SDL_VIDEO_DRIVER", "offscreen");
    let printed = sh::output(c)?;
    let desktop_hash = printed
        .lines()
        .find_map(|l| l.strip_prefix("state hash "))
        .context("the desktop game printed no state hash")?;
    if desktop_hash.trim() != page_hash.trim() {
        return Err(anyhow!(
            "the page saved at state hash {page_hash}; the desktop game continued it at {desktop_hash}"
        ));
    }
    Ok(page_hash.trim().to_string())
}

#[expect(
    clippy::too_many_lines,
    reason = "a chore's steps in order, as a script would run them"
)]
/// Checks the page built into `dir` (`target/web/`).
pub fn check(dir: &Path) -> Result<()> {
    tools::ensure_sdl_build()?;
    let root = sh::root();
    let work = sh::target_dir().join("web-check");
    if work.exists() {
        std::fs::remove_dir_all(&work)?;
    }
    std::fs::create_dir_all(&work)?;
    let base = serve_site(dir, &work)?;
    sh::run(sh::cmd(
        &sh::cargo(),
        &["build", "--release", "-p", "amulets-sdl"],
    ))?;

    // The picture: the same run and keys as the desktop's screenshot.
    let keys = "oooo";
    let page_png = work.join("page.png");
    let desktop_png = work.join("desktop.png");
    {
        let mut chrome = Chrome::launch(&work.join("chrome-shot"), &[], PAGE)?;
        let tab = chrome.open(&format!("{base}test.html?seed=42&class=rogue&keys={keys}"))?;
        test_output(&mut chrome, &tab)?;
        chrome.screenshot(&tab, &page_png)?;
    }
    let game = sh::target_dir().join("release/amulets");
    let mut c = sh::cmd(
        &game.display().to_string(),
        &[
            "42",
            "--class",
            "rogue",
            "--keys",
            keys,
            "--screenshot",
            &desktop_png.display().to_string(),
        ],
    );
    c.env("SDL_VIDEO_DRIVER", "offscreen");
    sh::output(c)?;
    pixels::same_pixels(&page_png, &desktop_png)?;
    println!(
        "web: the page's picture of seed 42 after {keys:?} is the desktop game's, pixel for pixel"
    );

    // The save kept in localStorage, continued by the desktop game: the
    // one written on arrival (no keys played), and the one written when
    // the page is left, after the keys.
    for (what, name, query) in [
        (
            "on arrival",
            "arrival",
            "?seed=42&class=rogue&keys=".to_string(),
        ),
        (
            "when the page is left",
            "left",
            format!("?seed=42&class=rogue&keys={keys}&close=1"),
        ),
    ] {
        let hash = continue_page_save(&work, &game, &format!("{base}test.html{query}"), name)?;
        println!(
            "web: the page's save {what} continues in the desktop game at its state hash, {hash}"
        );
    }

    // A replay played back in the page ends where it was recorded to:
    // where the host's playback, checked against the replay's hashes,
    // ends (the page says the state hash, which has the log's words in
    // it; a version-3 replay's hashes do not).
    let replay = root.join("tests/replays/rogue-42.txt");
    let recorded = std::fs::read_to_string(&replay)?;
    let end =
        amulets_core::replay::play(&recorded).map_err(|e| anyhow!("{}: {e}", replay.display()))?;
    let recorded_hash = format!("{:016x}", amulets_core::replay::state_hash(&end));
    let text = {
        let mut chrome = Chrome::launch(&work.join("chrome-replay"), &[], PAGE)?;
        let tab = chrome.open(&format!(
            "{base}test.html?keys=&replay=replays/rogue-42.txt"
        ))?;
        test_output(&mut chrome, &tab)?
    };
    let watched = text
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("state hash "))
        .with_context(|| format!("the page wrote {text:?}"))?;
    if watched != recorded_hash {
        return Err(anyhow!(
            "the page played {} back to state hash {watched}, where the host's playback ends at {recorded_hash}",
            replay.display()
        ));
    }
    println!(
        "web: the page plays {} back to its recorded end, {watched}",
        replay.display()
    );
    // The page a player loads types no keys from its link.
    {
        let mut chrome = Chrome::launch(&work.join("chrome-no-keys"), &[], PAGE)?;
        let tab = chrome.open(&format!("{base}?seed=42&class=rogue&keys=oooo"))?;
        started(&mut chrome, &tab)?;
        let turn = chrome.eval(&tab, "localStorage.getItem('amulets.save')")?;
        let turn = turn
            .as_str()
            .and_then(|t| amulets_core::game::Game::read_save(t).ok())
            .map(|g| g.turn());
        if turn != Some(0) {
            return Err(anyhow!(
                "the player's page played the link's keys: the save is of turn {turn:?}"
            ));
        }
        println!("web: the page a player loads plays no keys from its link");
    }
    installs_and_plays_offline(dir, &work)?;
    canvas_holds_the_picture(&work, &base)?;
    the_day_and_the_records(&work, &base)?;
    the_keymap_is_kept(&work, &base)?;
    the_live_region_speaks(&work, &base)?;
    for (w, h, name) in [(390, 844, "upright"), (844, 390, "on its side")] {
        the_phone_page(&work, &base, w, h, name)?;
    }
    hall_shot(&work, &base)?;
    // The module's own time to a first frame, outside a browser.
    tools::ensure_programs(&[Need {
        program: "node",
        package: "nodejs",
        backports: false,
    }])?;
    let timing = sh::output(sh::cmd(
        "node",
        &[
            &root
                .join("checks/web-first-frame.mjs")
                .display()
                .to_string(),
            &dir.join("amulets.wasm").display().to_string(),
        ],
    ))?;
    println!("web: {}", timing.trim());
    println!("xtask web: the browser plays as the desktop does");
    Ok(())
}

/// Where a run stands: its seed, its turn and the player's cell.
type Stood = (u32, u32, (i32, i32));

/// Where a run stands, as a game says.
fn stood(g: &amulets_core::game::Game) -> Stood {
    (g.seed(), g.turn(), (g.player().pos.x, g.player().pos.y))
}

/// The run the page saved, where it stands, read from its `localStorage`
/// (`None` before a run is saved).
fn saved_run(chrome: &mut Chrome, tab: &Tab) -> Result<Option<Stood>> {
    let text = chrome.eval(tab, "localStorage.getItem('amulets.save')")?;
    Ok(text
        .as_str()
        .and_then(|t| amulets_core::game::Game::read_save(t).ok())
        .map(|g| stood(&g)))
}

/// Keys typed into the page, each given a moment (a command's steps run
/// on the page's clock).
fn type_keys(chrome: &mut Chrome, tab: &Tab, keys: &str) -> Result<()> {
    for k in keys.chars() {
        chrome.key(tab, k)?;
        std::thread::sleep(Duration::from_millis(150));
    }
    Ok(())
}

/// The title's C, then the menu's save and quit: the run continued is
/// saved again as it stands, which says where C put it.
fn continue_and_save(chrome: &mut Chrome, tab: &Tab) -> Result<Option<Stood>> {
    type_keys(chrome, tab, "C\x1bs")?;
    std::thread::sleep(Duration::from_millis(300));
    saved_run(chrome, tab)
}

/// The page as a player installs it, from a copy of it served with a
/// switch for the network ([`installs_and_plays_offline_at`]).
fn installs_and_plays_offline(dir: &Path, work: &Path) -> Result<()> {
    let site = work.join("offline-site");
    std::fs::create_dir_all(&site)?;
    for name in SITE {
        std::fs::copy(dir.join(name), site.join(name)).map_err(|e| anyhow!("{name}: {e}"))?;
    }
    let (base, up) = server::serve_switched(site)?;
    installs_and_plays_offline_at(work, &base, || {
        up.store(false, std::sync::atomic::Ordering::SeqCst);
        Ok(())
    })
}

/// The page at `base` as a player installs it: installable (Chromium
/// finds no installability error), its service worker in control. A run's
/// save downloaded ("Download the save") and loaded into a fresh browser
/// ("Load a save") continues there at the same turn and cell. Then, with
/// the network gone (`network_off`, and Chromium told it is offline), a
/// reload still plays, and C continues the saved run where it stood.
pub fn installs_and_plays_offline_at(
    work: &Path,
    base: &str,
    network_off: impl FnOnce() -> Result<()>,
) -> Result<()> {
    let mut chrome = Chrome::launch(&work.join("chrome-offline"), &[], PAGE)?;
    let downloads = work.join("downloads");
    chrome.downloads_to(&downloads)?;
    let tab = chrome.open(base)?;
    started(&mut chrome, &tab)?;
    let errors = chrome.send(&tab, "Page.getInstallabilityErrors", serde_json::json!({}))?;
    let errors = errors["installabilityErrors"]
        .as_array()
        .context("Page.getInstallabilityErrors gave no list")?;
    if !errors.is_empty() {
        return Err(anyhow!("the page is not installable: {errors:?}"));
    }
    chrome.wait_for(
        &tab,
        "navigator.serviceWorker.controller !== null",
        Duration::from_secs(20),
    )?;
    println!("web: the page is installable, and its service worker keeps it");
    // A new run (N, the Rogue, on the page's own random seed), explored
    // until it is saved past turn 0. A seed whose first room shows a
    // monster refuses explore: a search (always a turn), the menu's save
    // and quit, and C to go on save it past turn 0 all the same.
    type_keys(&mut chrome, &tab, "Nb")?;
    for _ in 0..4 {
        type_keys(&mut chrome, &tab, "o")?;
        std::thread::sleep(Duration::from_millis(1500));
        if saved_run(&mut chrome, &tab)?.is_some_and(|(_, turn, _)| turn > 0) {
            break;
        }
    }
    if saved_run(&mut chrome, &tab)?.is_none_or(|(_, turn, _)| turn == 0) {
        type_keys(&mut chrome, &tab, "s\x1bsC")?;
        std::thread::sleep(Duration::from_millis(300));
    }
    let before = saved_run(&mut chrome, &tab)?
        .filter(|r| r.1 > 0)
        .context("the page saved no run past turn 0")?;
    let (file, exported) = download_the_save(&mut chrome, &tab, &downloads)?;
    let imported = load_in_a_fresh_browser(work, base, &file)?;
    if imported != Some(exported) || exported != before {
        return Err(anyhow!(
            "the save downloaded at {before:?} ({exported:?} in its file) continued in a fresh browser at {imported:?}"
        ));
    }
    println!(
        "web: a save downloaded and loaded into a fresh browser continues at turn {} at {:?}",
        exported.1, exported.2
    );
    // The network gone, the page reloaded.
    network_off()?;
    chrome.send(&tab, "Network.enable", serde_json::json!({}))?;
    chrome.send(
        &tab,
        "Network.emulateNetworkConditions",
        serde_json::json!({ "offline": true, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1 }),
    )?;
    chrome.reload(&tab)?;
    started(&mut chrome, &tab)?;
    let after = continue_and_save(&mut chrome, &tab)?;
    if after != Some(before) {
        return Err(anyhow!(
            "offline, C and save and quit left the save at {after:?}, where the run stood at {before:?}"
        ));
    }
    println!(
        "web: with the network gone the page reloads and plays, and C continues the run (seed {}, turn {}, at {:?})",
        before.0, before.1, before.2
    );
    Ok(())
}

/// The run's state in the page now: its save's text, read back.
fn page_game(chrome: &mut Chrome, tab: &Tab) -> Result<amulets_core::game::Game> {
    let text = chrome.eval(tab, "out(wasm.amulets_out_save())")?;
    let text = text.as_str().context("the page gave no save")?;
    amulets_core::game::Game::read_save(text).map_err(|e| anyhow!("the page's save: {e}"))
}

/// Where a map cell is on the screen, its middle in CSS pixels, when the
/// map shown holds it.
fn cell_on_screen(
    chrome: &mut Chrome,
    tab: &Tab,
    p: amulets_core::geom::Point,
) -> Result<Option<(f64, f64)>> {
    let v = chrome.eval(tab, &format!("amuletsPlayer({}, {})", p.x, p.y))?;
    Ok(v[1]
        .as_array()
        .map(|r| {
            r.iter()
                .map(|n| n.as_f64().unwrap_or(f64::NAN))
                .collect::<Vec<f64>>()
        })
        .map(|r| ((r[0] + r[2]) / 2.0, (r[1] + r[3]) / 2.0)))
}

/// Where a player playing by taps alone taps next: a monster next to them
/// (an attack); with another monster in view, which refuses travel, a
/// step on the way on (a tap next to them); hurt and alone, themself (a
/// rest); else a cell a few steps along the way to the stairs, or, unseen
/// yet, to the nearest edge of what they have seen (travel). With no way
/// on, themself (a search).
fn next_tap(game: &amulets_core::game::Game) -> amulets_core::geom::Point {
    use amulets_core::game::command::unexplored_edge;
    let me = game.player().pos;
    let level = game.level();
    let in_view: Vec<_> = level
        .monsters
        .iter()
        .map(|m| m.pos)
        .filter(|&p| level.visible.contains(p))
        .collect();
    if let Some(&m) = in_view
        .iter()
        .find(|p| (p.x - me.x).abs().max((p.y - me.y).abs()) == 1)
    {
        return m;
    }
    let goal = game.known_stairs().or_else(|| {
        let known = game.known_map();
        let edge = unexplored_edge(&known, &level.explored);
        let mut near: Vec<_> = edge.iter().collect();
        near.sort_by_key(|p| (p.x - me.x).abs().max((p.y - me.y).abs()));
        near.into_iter()
            .take(40)
            .filter_map(|p| {
                let way = game.route_to(p);
                (!way.is_empty()).then_some((way.len(), p))
            })
            .min_by_key(|&(len, p)| (len, p.y, p.x))
            .map(|(_, p)| p)
    });
    let Some(goal) = goal else {
        return me;
    };
    let way = game.route_to(goal);
    if !in_view.is_empty() {
        return way.first().copied().unwrap_or(me);
    }
    if game.player().hp * 2 < game.player().max_hp {
        return me;
    }
    way.get(5).or(way.last()).copied().unwrap_or(me)
}

/// A floor played to its stairs by a finger alone, on the page a player
/// loads (seed 42's Fighter): taps (a step, an attack, travel, a rest), a
/// long press that looks (and a tap that stops looking), and pinches that
/// make the cells larger and back. And the pad for the left hand: the
/// layout flipped, nothing off the screen or overlapping; the bar's words
/// whole.
fn phone_gestures(work: &Path, base: &str, (w, h): (u32, u32), name: &str) -> Result<()> {
    let (mut chrome, tab) = open_phone_page(
        work,
        &format!("chrome-gestures-{w}"),
        &format!("{base}?seed=42&class=fighter"),
        (w, h),
    )?;
    // The bar's words whole: nothing cut.
    let whole = chrome.eval(
        &tab,
        "(() => { const s = document.getElementById('say'); \
           return s.scrollWidth <= s.clientWidth + 1 && s.scrollHeight <= s.clientHeight + 1; })()",
    )?;
    if whole != serde_json::json!(true) {
        let words = chrome.eval(&tab, "document.getElementById('say').textContent")?;
        return Err(anyhow!("{name}: the bar's words are cut: {words}"));
    }
    let zoomed = pinch_and_look(&mut chrome, &tab, name)?;
    let (taps, game) = to_the_stairs_by_taps(&mut chrome, &tab, name)?;
    // The pad for the left hand: flipped, and still all on the screen.
    chrome.eval(&tab, "document.getElementById('menu').click()")?;
    chrome.eval(&tab, "document.getElementById('hand').click()")?;
    std::thread::sleep(Duration::from_millis(200));
    let switch = rect_of(&mut chrome, &tab, "#switch")?;
    let abc = rect_of(&mut chrome, &tab, "#abc")?;
    let map = rect_of(&mut chrome, &tab, "#screen")?;
    let pad = rect_of(&mut chrome, &tab, "#pad")?;
    let upright = h > w;
    let flipped = if upright {
        abc[2] <= switch[0] + 0.5
    } else {
        pad[2] <= map[0] + 0.5
    };
    if !flipped {
        return Err(anyhow!(
            "{name}: for the left hand the pad is not flipped: switch {switch:?}, buttons {abc:?}, pad {pad:?}, map {map:?}"
        ));
    }
    phone_layout(
        &mut chrome,
        &tab,
        w,
        h,
        &format!("{name}, for the left hand"),
    )?;
    let shot = work.join(format!("phone-left-{w}x{h}.png"));
    chrome.screenshot(&tab, &shot)?;
    chrome.eval(&tab, "document.getElementById('menu').click()")?;
    chrome.eval(&tab, "document.getElementById('hand').click()")?;
    println!(
        "web: on a phone {name}, seed 42's Fighter reached the stairs of floor 1 by {taps} taps alone (turn {}), a long press looked, pinches zoomed {:.0} -> {:.0} -> {:.0} CSS px, the pad flips for the left hand ({})",
        game.turn(),
        zoomed.0,
        zoomed.1,
        zoomed.2,
        shot.display()
    );
    Ok(())
}

/// The page's "Download the save", as a player clicks it: the file, and
/// where its run stands.
fn download_the_save(
    chrome: &mut Chrome,
    tab: &Tab,
    downloads: &Path,
) -> Result<(std::path::PathBuf, Stood)> {
    chrome.eval(tab, "document.getElementById('save-file').click()")?;
    let file = downloads.join("save.txt");
    let start = std::time::Instant::now();
    while !file.exists() && start.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(100));
    }
    let text = std::fs::read_to_string(&file).map_err(|e| anyhow!("save.txt: {e}"))?;
    let game = amulets_core::game::Game::read_save(&text)
        .map_err(|e| anyhow!("the downloaded save: {e}"))?;
    Ok((file, stood(&game)))
}

/// A save file loaded into a browser that never saw the page ("Load a
/// save"), then C and save and quit: where its run stands there.
fn load_in_a_fresh_browser(work: &Path, base: &str, file: &Path) -> Result<Option<Stood>> {
    let mut fresh = Chrome::launch(&work.join("chrome-import"), &[], PAGE)?;
    let tab = fresh.open(base)?;
    started(&mut fresh, &tab)?;
    fresh.choose_file(&tab, "#load-file", file)?;
    fresh.wait_for(
        &tab,
        "localStorage.getItem('amulets.save') !== null && document.body.dataset.started === 'yes'",
        Duration::from_secs(20),
    )?;
    continue_and_save(&mut fresh, &tab)
}

/// Pinches apart and together (the cells larger, then back), and a long
/// press that looks at the cell beside the player, a tap that stops; the
/// cells' sizes, before, apart and together.
fn pinch_and_look(chrome: &mut Chrome, tab: &Tab, name: &str) -> Result<(f64, f64, f64)> {
    // Pinches: apart, the larger cells; together, back.
    let small = cell_css(chrome, tab, name)?;
    let mid = centre(rect_of(chrome, tab, "#screen")?);
    chrome.pinch(tab, mid, 60.0, 220.0)?;
    std::thread::sleep(Duration::from_millis(300));
    let large = cell_css(chrome, tab, name)?;
    chrome.pinch(tab, mid, 220.0, 60.0)?;
    std::thread::sleep(Duration::from_millis(300));
    let back = cell_css(chrome, tab, name)?;
    if large < small + 2.0 || (back - small).abs() > 0.5 {
        return Err(anyhow!(
            "{name}: a pinch out and in made the cells {small:.1}, {large:.1}, {back:.1} CSS px"
        ));
    }
    // A long press looks at a cell; a tap stops looking.
    let me = page_game(chrome, tab)?.player().pos;
    let look_at = amulets_core::geom::Point::new(me.x + 1, me.y);
    let (lx, ly) = cell_on_screen(chrome, tab, look_at)?
        .context("the cell beside the player is not on the screen")?;
    let said = said_after(chrome, tab, |c| c.tap(tab, lx, ly, 800))?;
    let looking = page_game(chrome, tab)?;
    if looking.state() != amulets_core::game::State::Looking || looking.cursor() != look_at {
        return Err(anyhow!(
            "{name}: a long press left the game {:?} at {:?}, not looking at {look_at:?} (said {said:?})",
            looking.state(),
            looking.cursor()
        ));
    }
    chrome.tap(tab, lx, ly, 60)?;
    std::thread::sleep(Duration::from_millis(200));
    if page_game(chrome, tab)?.state() != amulets_core::game::State::Playing {
        return Err(anyhow!("{name}: a tap did not stop looking"));
    }
    Ok((small, large, back))
}

/// The floor played to its stairs by taps alone (`next_tap`): how many,
/// and the game at the stairs.
fn to_the_stairs_by_taps(
    chrome: &mut Chrome,
    tab: &Tab,
    name: &str,
) -> Result<(u32, amulets_core::game::Game)> {
    // The floor, by taps.
    let mut taps = 0;
    let game = loop {
        let game = page_game(chrome, tab)?;
        if game.state() != amulets_core::game::State::Playing {
            return Err(anyhow!(
                "{name}: playing by taps, the game came to {:?} at turn {}",
                game.state(),
                game.turn()
            ));
        }
        if Some(game.player().pos) == game.level().stairs {
            break game;
        }
        if game.command_running() {
            std::thread::sleep(Duration::from_millis(60));
            continue;
        }
        if taps >= 1500 {
            return Err(anyhow!(
                "{name}: 1500 taps and the stairs not reached (turn {}, at {:?})",
                game.turn(),
                game.player().pos
            ));
        }
        let target = next_tap(&game);
        let mut tap = cell_on_screen(chrome, tab, target)?;
        // The camera keeps what the player sees on the screen, not every
        // cell of the way on: a player taps the farthest one shown.
        for &p in game.route_to(target).iter().rev() {
            if tap.is_some() {
                break;
            }
            tap = cell_on_screen(chrome, tab, p)?;
        }
        let Some((x, y)) = tap else {
            return Err(anyhow!(
                "{name}: the cell to tap, {target:?}, is off the screen (the player at {:?})",
                game.player().pos
            ));
        };
        chrome.tap(tab, x, y, 40)?;
        taps += 1;
        std::thread::sleep(Duration::from_millis(40));
    };
    Ok((taps, game))
}
