//! A Chrome DevTools Protocol driver for Debian's Chromium, headless: the
//! real page in real time, with keys, hidden windows, files, dialogs,
//! `localStorage` and screenshots. It speaks over `--remote-debugging-pipe`
//! (JSON messages ended by a NUL, the browser reading fd 3 and writing fd
//! 4), whose ends are two FIFOs bash hands the browser: no socket, and no
//! `unsafe` to set up its descriptors.

use anyhow::{Context, Result, anyhow};
use serde_json::{Value, json};
use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub struct Chrome {
    child: Child,
    to: File,
    from: BufReader<File>,
    next: u64,
    dir: PathBuf,
    /// The window's size in CSS pixels, as a desktop's (`open`).
    window: (u32, u32),
}

/// A tab, attached to (its messages carry its session).
pub struct Tab {
    session: String,
    target: String,
}

impl Chrome {
    /// Starts Chromium on a new profile in `dir`, with `extra` flags, its
    /// window `window` CSS pixels wide and high. Chromium is installed
    /// first where it is missing and apt can ([`crate::tools::ensure_programs`]).
    pub fn launch(dir: &Path, extra: &[&str], window: (u32, u32)) -> Result<Chrome> {
        crate::tools::ensure_programs(&[crate::tools::Need {
            program: "chromium",
            package: "chromium",
            backports: false,
        }])?;
        let _ = std::fs::remove_dir_all(dir);
        std::fs::create_dir_all(dir).map_err(|e| anyhow!("{}: {e}", dir.display()))?;
        let (to_browser, from_browser) = (dir.join("to-browser"), dir.join("from-browser"));
        for fifo in [&to_browser, &from_browser] {
            nix::unistd::mkfifo(
                fifo.as_path(),
                nix::sys::stat::Mode::from_bits_truncate(0o600),
            )
            .map_err(|e| anyhow!("mkfifo {}: {e}", fifo.display()))?;
        }
        let mut flags = vec![
            "--headless".to_string(),
            "--no-sandbox".into(),
            "--disable-gpu".into(),
            "--no-first-run".into(),
            "--disable-background-networking".into(),
            "--disable-component-update".into(),
            "--disable-sync".into(),
            "--disable-quic".into(),
            "--force-device-scale-factor=1".into(),
            "--force-color-profile=srgb".into(),
            "--hide-scrollbars".into(),
            format!("--window-size={},{}", window.0, window.1),
            format!("--user-data-dir={}", dir.join("profile").display()),
            "--remote-debugging-pipe".into(),
        ];
        flags.extend(extra.iter().map(|s| s.to_string()));
        let quoted: Vec<String> = flags.iter().map(|f| format!("'{f}'")).collect();
        let script = format!(
            "exec chromium {} 3<'{}' 4>'{}'",
            quoted.join(" "),
            to_browser.display(),
            from_browser.display()
        );
        let child = Command::new("bash")
            .args(["-c", &script])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(File::create(dir.join("chromium.log"))?)
            .spawn()
            .map_err(|e| anyhow!("chromium: {e} (apt-get install chromium)"))?;
        // In bash's order: its fd 3 first, then fd 4.
        let to = File::options().write(true).open(&to_browser)?;
        let from = BufReader::new(File::open(&from_browser)?);
        Ok(Chrome {
            child,
            to,
            from,
            next: 0,
            dir: dir.to_path_buf(),
            window,
        })
    }

    fn write(&mut self, session: Option<&str>, method: &str, params: Value) -> Result<u64> {
        self.next += 1;
        self.to
            .write_all(&frame(self.next, session, method, params))
            .map_err(|e| anyhow!("the browser went away ({e}); see {}", self.log()))?;
        Ok(self.next)
    }

    fn log(&self) -> String {
        self.dir.join("chromium.log").display().to_string()
    }

    /// One call, waited for; its result. A dialog the page opens meanwhile
    /// (a `confirm`) is accepted, as a player would.
    fn call(&mut self, session: Option<&str>, method: &str, params: Value) -> Result<Value> {
        let id = self.write(session, method, params)?;
        loop {
            let Some(m) = next_message(&mut self.from)? else {
                return Err(anyhow!("the browser went away; see {}", self.log()));
            };
            match heard(&m, id) {
                Heard::Dialog(s) => {
                    self.write(
                        s.as_deref(),
                        "Page.handleJavaScriptDialog",
                        json!({ "accept": true }),
                    )?;
                }
                Heard::Reply(Ok(result)) => return Ok(result),
                Heard::Reply(Err(e)) => return Err(anyhow!("{method}: {e}")),
                Heard::Other => {}
            }
        }
    }

    /// A new tab at `url`.
    pub fn open(&mut self, url: &str) -> Result<Tab> {
        // A window of its own, so one tab never hides another.
        let r = self.call(
            None,
            "Target.createTarget",
            json!({ "url": "about:blank", "newWindow": true }),
        )?;
        let target = r["targetId"].as_str().context("no target")?.to_string();
        let r = self.call(
            None,
            "Target.attachToTarget",
            json!({ "targetId": target, "flatten": true }),
        )?;
        let session = r["sessionId"].as_str().context("no session")?.to_string();
        let tab = Tab { session, target };
        self.on(&tab, "Page.enable", json!({}))?;
        self.on(
            &tab,
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": self.window.0, "height": self.window.1, "deviceScaleFactor": 1, "mobile": false }),
        )?;
        self.navigate(&tab, url)?;
        Ok(tab)
    }

    /// A new tab at `url`, on a phone's screen of `width` x `height` CSS
    /// pixels (twice as many device pixels) that takes touches, not a
    /// mouse.
    pub fn open_phone(&mut self, url: &str, width: u32, height: u32) -> Result<Tab> {
        let tab = self.open("about:blank")?;
        self.on(
            &tab,
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": width, "height": height, "deviceScaleFactor": 2, "mobile": true }),
        )?;
        self.on(
            &tab,
            "Emulation.setTouchEmulationEnabled",
            json!({ "enabled": true, "maxTouchPoints": 5 }),
        )?;
        self.navigate(&tab, url)?;
        Ok(tab)
    }

    /// A finger put down at `(x, y)` (CSS pixels) and lifted after `ms`.
    pub fn tap(&mut self, tab: &Tab, x: f64, y: f64, ms: u64) -> Result<()> {
        self.on(
            tab,
            "Input.dispatchTouchEvent",
            json!({ "type": "touchStart", "touchPoints": [{ "x": x, "y": y }] }),
        )?;
        std::thread::sleep(Duration::from_millis(ms));
        self.on(
            tab,
            "Input.dispatchTouchEvent",
            json!({ "type": "touchEnd", "touchPoints": [] }),
        )
        .map(|_| ())
    }

    /// Two fingers put down `from` CSS pixels apart across `(x, y)`, moved
    /// to `to` apart and lifted: a pinch, out when `to` is the more.
    pub fn pinch(&mut self, tab: &Tab, (x, y): (f64, f64), from: f64, to: f64) -> Result<()> {
        let points = |d: f64| {
            json!([
                { "x": x - d / 2.0, "y": y, "id": 0 },
                { "x": x + d / 2.0, "y": y, "id": 1 }
            ])
        };
        self.on(
            tab,
            "Input.dispatchTouchEvent",
            json!({ "type": "touchStart", "touchPoints": points(from) }),
        )?;
        for step in 1..=6 {
            let d = from + (to - from) * f64::from(step) / 6.0;
            std::thread::sleep(Duration::from_millis(20));
            self.on(
                tab,
                "Input.dispatchTouchEvent",
                json!({ "type": "touchMove", "touchPoints": points(d) }),
            )?;
        }
        self.on(
            tab,
            "Input.dispatchTouchEvent",
            json!({ "type": "touchEnd", "touchPoints": [] }),
        )
        .map(|_| ())
    }

    fn on(&mut self, tab: &Tab, method: &str, params: Value) -> Result<Value> {
        let session = tab.session.clone();
        self.call(Some(&session), method, params)
    }

    pub fn navigate(&mut self, tab: &Tab, url: &str) -> Result<()> {
        self.on(tab, "Page.navigate", json!({ "url": url }))
            .map(|_| ())
    }

    /// Reloads the tab, as F5 does (asked again while the page it is
    /// loading has no frame to reload yet).
    pub fn reload(&mut self, tab: &Tab) -> Result<()> {
        let start = Instant::now();
        loop {
            match self.on(tab, "Page.reload", json!({})) {
                Ok(_) => return Ok(()),
                Err(e) if start.elapsed() > Duration::from_secs(5) => return Err(e),
                Err(_) => std::thread::sleep(Duration::from_millis(10)),
            }
        }
    }

    /// The value of a script run in the page (a promise is waited for).
    pub fn eval(&mut self, tab: &Tab, js: &str) -> Result<Value> {
        let r = self.on(
            tab,
            "Runtime.evaluate",
            json!({ "expression": js, "returnByValue": true, "awaitPromise": true }),
        )?;
        if let Some(e) = r.get("exceptionDetails") {
            return Err(anyhow!("{js}: {e}"));
        }
        Ok(r["result"]["value"].clone())
    }

    /// Waits (in real time) until `js` is true in the page.
    pub fn wait_for(&mut self, tab: &Tab, js: &str, limit: Duration) -> Result<()> {
        let start = Instant::now();
        loop {
            // A page between documents has no context to run in: try again.
            if self.eval(tab, js).is_ok_and(|v| v == json!(true)) {
                return Ok(());
            }
            if start.elapsed() > limit {
                return Err(anyhow!("the page never had {js} within {limit:?}"));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// A method of the protocol's called on the tab (`Page.`, `Network.`
    /// ...), its result.
    pub fn send(&mut self, tab: &Tab, method: &str, params: Value) -> Result<Value> {
        self.on(tab, method, params)
    }

    /// Files the pages download go into `dir`, as a player's browser puts
    /// them in their downloads.
    pub fn downloads_to(&mut self, dir: &Path) -> Result<()> {
        std::fs::create_dir_all(dir)?;
        self.call(
            None,
            "Browser.setDownloadBehavior",
            json!({ "behavior": "allow", "downloadPath": dir.display().to_string() }),
        )
        .map(|_| ())
    }

    /// A key pressed and let go, as the keyboard sends it (`\x1b` is Esc).
    pub fn key(&mut self, tab: &Tab, key: char) -> Result<()> {
        let (name, code) = match key {
            'a'..='z' | 'A'..='Z' => (key.to_string(), format!("Key{}", key.to_ascii_uppercase())),
            '.' => (key.to_string(), "Period".into()),
            '\x1b' => ("Escape".into(), "Escape".into()),
            _ => (key.to_string(), String::new()),
        };
        for kind in ["keyDown", "keyUp"] {
            let mut p = json!({ "type": kind, "key": name, "code": code });
            if kind == "keyDown" && key != '\x1b' {
                p["text"] = json!(key.to_string());
            }
            self.on(tab, "Input.dispatchKeyEvent", p)?;
        }
        Ok(())
    }

    /// Runs the tab's scripts `rate` times slower, as a slower machine (a
    /// phone) would; 1 is the machine's own speed.
    pub fn throttle(&mut self, tab: &Tab, rate: f64) -> Result<()> {
        self.on(
            tab,
            "Emulation.setCPUThrottlingRate",
            json!({ "rate": rate }),
        )
        .map(|_| ())
    }

    /// Minimizes the tab's window: the page is really hidden.
    pub fn hide(&mut self, tab: &Tab) -> Result<()> {
        let target = tab.target.clone();
        let w = self.call(
            None,
            "Browser.getWindowForTarget",
            json!({ "targetId": target }),
        )?;
        self.call(
            None,
            "Browser.setWindowBounds",
            json!({ "windowId": w["windowId"], "bounds": { "windowState": "minimized" } }),
        )
        .map(|_| ())
    }

    /// Puts a file in the page's file input `selector`, as a player's
    /// choice of it does (its `change` event fires).
    pub fn choose_file(&mut self, tab: &Tab, selector: &str, file: &Path) -> Result<()> {
        let doc = self.on(tab, "DOM.getDocument", json!({}))?;
        let node = self.on(
            tab,
            "DOM.querySelector",
            json!({ "nodeId": doc["root"]["nodeId"], "selector": selector }),
        )?;
        self.on(
            tab,
            "DOM.setFileInputFiles",
            json!({ "nodeId": node["nodeId"], "files": [file.display().to_string()] }),
        )
        .map(|_| ())
    }

    /// The tab's picture as a PNG file.
    pub fn screenshot(&mut self, tab: &Tab, file: &Path) -> Result<()> {
        let r = self.on(tab, "Page.captureScreenshot", json!({ "format": "png" }))?;
        let data = r["data"].as_str().context("no picture")?;
        std::fs::write(file, base64(data)?).map_err(Into::into)
    }
}

impl Drop for Chrome {
    fn drop(&mut self) {
        let _ = self.call(None, "Browser.close", json!({}));
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(3) {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Standard base64, as the protocol sends pictures.
/// A call's message as the pipe carries it: JSON, then a NUL.
fn frame(id: u64, session: Option<&str>, method: &str, params: Value) -> Vec<u8> {
    let mut m = json!({ "id": id, "method": method, "params": params });
    if let Some(s) = session {
        m["sessionId"] = json!(s);
    }
    let mut bytes = m.to_string().into_bytes();
    bytes.push(0);
    bytes
}

/// The next message the browser wrote, or `None` when the pipe ended
/// before its NUL (the browser went away).
fn next_message(from: &mut impl BufRead) -> Result<Option<Value>> {
    let mut bytes = Vec::new();
    from.read_until(0, &mut bytes)?;
    if bytes.pop() != Some(0) {
        return Ok(None);
    }
    serde_json::from_slice(&bytes)
        .map(Some)
        .map_err(|e| anyhow!("the browser wrote no JSON: {e}"))
}

/// What a message is to a call waiting for its reply.
#[derive(Debug, PartialEq)]
enum Heard {
    /// The page opened a dialog (in this session), which must be answered
    /// before the call can end.
    Dialog(Option<String>),
    /// The call's reply: its result, or its error.
    Reply(Result<Value, String>),
    /// Anything else: an event, another call's reply.
    Other,
}

fn heard(m: &Value, id: u64) -> Heard {
    if m["method"] == "Page.javascriptDialogOpening" {
        return Heard::Dialog(m["sessionId"].as_str().map(str::to_string));
    }
    if m["id"].as_u64() != Some(id) {
        return Heard::Other;
    }
    match m.get("error") {
        Some(e) => Heard::Reply(Err(e.to_string())),
        None => Heard::Reply(Ok(m["result"].clone())),
    }
}

fn base64(text: &str) -> Result<Vec<u8>> {
    let value = |c: u8| -> Result<u32> {
        Ok(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return Err(anyhow!("{:?} is no base64", c as char)),
        } as u32)
    };
    let text = text.trim_end_matches('=').as_bytes();
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    for chunk in text.chunks(4) {
        let mut n = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            n |= value(c)? << (18 - 6 * i);
        }
        let bytes = n.to_be_bytes();
        out.extend_from_slice(&bytes[1..chunk.len()]);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_call_is_framed_as_json_and_a_nul() {
        let bytes = frame(
            7,
            Some("S1"),
            "Runtime.evaluate",
            json!({ "expression": "1" }),
        );
        assert_eq!(bytes.last(), Some(&0));
        assert_eq!(bytes.iter().filter(|&&b| b == 0).count(), 1);
        let m: Value = serde_json::from_slice(&bytes[..bytes.len() - 1]).unwrap();
        assert_eq!(m["id"], 7);
        assert_eq!(m["sessionId"], "S1");
        assert_eq!(m["method"], "Runtime.evaluate");
        assert_eq!(m["params"]["expression"], "1");
        let bare = frame(8, None, "Target.createTarget", json!({}));
        let bare: Value = serde_json::from_slice(&bare[..bare.len() - 1]).unwrap();
        assert!(bare.get("sessionId").is_none());
    }

    /// Canned messages as the browser writes them: an event, a dialog, a
    /// reply to another call, the reply awaited, an error, a cut message.
    #[test]
    fn the_messages_are_read_one_a_nul_and_a_call_hears_its_own() {
        let wire = concat!(
            r#"{"method":"Page.loadEventFired","params":{}}"#,
            "\0",
            r#"{"method":"Page.javascriptDialogOpening","sessionId":"S1","params":{}}"#,
            "\0",
            r#"{"id":3,"result":{"x":1}}"#,
            "\0",
            r#"{"id":4,"result":{"value":42}}"#,
            "\0",
            r#"{"id":5,"error":{"code":-32000,"message":"no"}}"#,
            "\0",
            r#"{"id":6,"res"#,
        );
        let mut from = std::io::Cursor::new(wire.as_bytes());
        let mut heard_all = Vec::new();
        while let Some(m) = next_message(&mut from).unwrap() {
            heard_all.push(heard(&m, 4));
        }
        assert_eq!(heard_all.len(), 5, "the cut message is no message");
        assert_eq!(heard_all[0], Heard::Other);
        assert_eq!(heard_all[1], Heard::Dialog(Some("S1".into())));
        assert_eq!(heard_all[2], Heard::Other, "another call's reply");
        assert_eq!(heard_all[3], Heard::Reply(Ok(json!({ "value": 42 }))));
        assert_eq!(heard_all[4], Heard::Other);
        let error = serde_json::from_str(r#"{"id":5,"error":{"message":"no"}}"#).unwrap();
        assert!(matches!(heard(&error, 5), Heard::Reply(Err(e)) if e.contains("no")));
        let mut junk = std::io::Cursor::new(b"not json\0".as_slice());
        assert!(next_message(&mut junk).is_err());
    }

    #[test]
    fn base64_reads_what_it_should() {
        assert_eq!(super::base64("TWFu").unwrap(), b"Man");
        assert_eq!(super::base64("TWE=").unwrap(), b"Ma");
        assert_eq!(super::base64("TQ==").unwrap(), b"M");
        assert!(super::base64("T@==").is_err());
    }
}
