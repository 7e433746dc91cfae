//! A Chrome DevTools Protocol driver for Debian's Chromium, headless: the
//! real page in real time, with keys, hidden windows, files, dialogs,
//! `localStorage` and screenshots. It speaks over `--remote-debugging-pipe`
//! (JSON messages ended by a NUL, the browser reading fd 3 and writing fd
//! 4), whose ends are two FIFOs bash hands the browser: no socket, and no
//! `unsafe` to set up its descriptors.

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
}

/// A tab, attached to (its messages carry its session).
pub struct Tab {
    session: String,
    target: String,
}

impl Chrome {
    /// Starts Chromium on a new profile in `dir`, with `extra` flags.
    pub fn launch(dir: &Path, extra: &[&str]) -> Result<Chrome, String> {
        let _ = std::fs::remove_dir_all(dir);
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let (to_browser, from_browser) = (dir.join("to-browser"), dir.join("from-browser"));
        for fifo in [&to_browser, &from_browser] {
            nix::unistd::mkfifo(
                fifo.as_path(),
                nix::sys::stat::Mode::from_bits_truncate(0o600),
            )
            .map_err(|e| format!("mkfifo {}: {e}", fifo.display()))?;
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
            "--window-size=1600,900".into(),
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
            .stderr(File::create(dir.join("chromium.log")).map_err(|e| e.to_string())?)
            .spawn()
            .map_err(|e| format!("chromium: {e} (apt-get install chromium)"))?;
        // In bash's order: its fd 3 first, then fd 4.
        let to = File::options()
            .write(true)
            .open(&to_browser)
            .map_err(|e| e.to_string())?;
        let from = BufReader::new(File::open(&from_browser).map_err(|e| e.to_string())?);
        Ok(Chrome {
            child,
            to,
            from,
            next: 0,
            dir: dir.to_path_buf(),
        })
    }

    fn write(&mut self, session: Option<&str>, method: &str, params: Value) -> Result<u64, String> {
        self.next += 1;
        let mut m = json!({ "id": self.next, "method": method, "params": params });
        if let Some(s) = session {
            m["sessionId"] = json!(s);
        }
        let mut bytes = m.to_string().into_bytes();
        bytes.push(0);
        self.to
            .write_all(&bytes)
            .map_err(|e| format!("the browser went away ({e}); see {}", self.log()))?;
        Ok(self.next)
    }

    fn log(&self) -> String {
        self.dir.join("chromium.log").display().to_string()
    }

    /// One call, waited for; its result. A dialog the page opens meanwhile
    /// (a `confirm`) is accepted, as a player would.
    fn call(
        &mut self,
        session: Option<&str>,
        method: &str,
        params: Value,
    ) -> Result<Value, String> {
        let id = self.write(session, method, params)?;
        loop {
            let mut bytes = Vec::new();
            self.from
                .read_until(0, &mut bytes)
                .map_err(|e| e.to_string())?;
            if bytes.last() != Some(&0) {
                return Err(format!("the browser went away; see {}", self.log()));
            }
            bytes.pop();
            let m: Value = serde_json::from_slice(&bytes).map_err(|e| e.to_string())?;
            if m["method"] == "Page.javascriptDialogOpening" {
                let s = m["sessionId"].as_str().map(str::to_string);
                self.write(
                    s.as_deref(),
                    "Page.handleJavaScriptDialog",
                    json!({ "accept": true }),
                )?;
                continue;
            }
            if m["id"].as_u64() == Some(id) {
                if let Some(e) = m.get("error") {
                    return Err(format!("{method}: {e}"));
                }
                return Ok(m["result"].clone());
            }
        }
    }

    /// A new tab at `url`.
    pub fn open(&mut self, url: &str) -> Result<Tab, String> {
        // A window of its own, so one tab never hides another.
        let r = self.call(
            None,
            "Target.createTarget",
            json!({ "url": "about:blank", "newWindow": true }),
        )?;
        let target = r["targetId"].as_str().ok_or("no target")?.to_string();
        let r = self.call(
            None,
            "Target.attachToTarget",
            json!({ "targetId": target, "flatten": true }),
        )?;
        let session = r["sessionId"].as_str().ok_or("no session")?.to_string();
        let tab = Tab { session, target };
        self.on(&tab, "Page.enable", json!({}))?;
        self.on(
            &tab,
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": 1600, "height": 900, "deviceScaleFactor": 1, "mobile": false }),
        )?;
        self.navigate(&tab, url)?;
        Ok(tab)
    }

    /// A new tab at `url`, on a phone's screen of `width` x `height` CSS
    /// pixels (twice as many device pixels) that takes touches, not a
    /// mouse.
    pub fn open_phone(&mut self, url: &str, width: u32, height: u32) -> Result<Tab, String> {
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
    pub fn tap(&mut self, tab: &Tab, x: f64, y: f64, ms: u64) -> Result<(), String> {
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

    fn on(&mut self, tab: &Tab, method: &str, params: Value) -> Result<Value, String> {
        let session = tab.session.clone();
        self.call(Some(&session), method, params)
    }

    pub fn navigate(&mut self, tab: &Tab, url: &str) -> Result<(), String> {
        self.on(tab, "Page.navigate", json!({ "url": url }))
            .map(|_| ())
    }

    /// Reloads the tab, as F5 does (asked again while the page it is
    /// loading has no frame to reload yet).
    pub fn reload(&mut self, tab: &Tab) -> Result<(), String> {
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
    pub fn eval(&mut self, tab: &Tab, js: &str) -> Result<Value, String> {
        let r = self.on(
            tab,
            "Runtime.evaluate",
            json!({ "expression": js, "returnByValue": true, "awaitPromise": true }),
        )?;
        if let Some(e) = r.get("exceptionDetails") {
            return Err(format!("{js}: {e}"));
        }
        Ok(r["result"]["value"].clone())
    }

    /// Waits (in real time) until `js` is true in the page.
    pub fn wait_for(&mut self, tab: &Tab, js: &str, limit: Duration) -> Result<(), String> {
        let start = Instant::now();
        loop {
            // A page between documents has no context to run in: try again.
            if self.eval(tab, js).is_ok_and(|v| v == json!(true)) {
                return Ok(());
            }
            if start.elapsed() > limit {
                return Err(format!("the page never had {js} within {limit:?}"));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// A key pressed and let go, as the keyboard sends it (`\x1b` is Esc).
    pub fn key(&mut self, tab: &Tab, key: char) -> Result<(), String> {
        let (name, code) = match key {
            'a'..='z' => (key.to_string(), format!("Key{}", key.to_ascii_uppercase())),
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
    pub fn throttle(&mut self, tab: &Tab, rate: f64) -> Result<(), String> {
        self.on(
            tab,
            "Emulation.setCPUThrottlingRate",
            json!({ "rate": rate }),
        )
        .map(|_| ())
    }

    /// Minimizes the tab's window: the page is really hidden.
    pub fn hide(&mut self, tab: &Tab) -> Result<(), String> {
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
    pub fn choose_file(&mut self, tab: &Tab, selector: &str, file: &Path) -> Result<(), String> {
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
    pub fn screenshot(&mut self, tab: &Tab, file: &Path) -> Result<(), String> {
        let r = self.on(tab, "Page.captureScreenshot", json!({ "format": "png" }))?;
        let data = r["data"].as_str().ok_or("no picture")?;
        std::fs::write(file, base64(data)?).map_err(|e| e.to_string())
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
fn base64(text: &str) -> Result<Vec<u8>, String> {
    let value = |c: u8| -> Result<u32, String> {
        Ok(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return Err(format!("{:?} is no base64", c as char)),
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
    #[test]
    fn base64_reads_what_it_should() {
        assert_eq!(super::base64("TWFu").unwrap(), b"Man");
        assert_eq!(super::base64("TWE=").unwrap(), b"Ma");
        assert_eq!(super::base64("TQ==").unwrap(), b"M");
        assert!(super::base64("T@==").is_err());
    }
}
