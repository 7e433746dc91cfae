//! A static server on the loopback: the files of one folder, GET only,
//! nothing outside it, `Cache-Control: no-store`, so each check loads the
//! page afresh. The page's checks are served by it; the release's check
//! serves the web zip as the README tells a player to (`python3 -m
//! http.server`).

use anyhow::Result;
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The content type of a file the page loads.
fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("wasm") => "application/wasm",
        Some("webmanifest") => "application/manifest+json",
        Some("png") => "image/png",
        _ => "application/octet-stream",
    }
}

/// Answers one request for a file of `dir` (GET only; no file outside it).
fn answer(mut stream: TcpStream, dir: &Path) -> std::io::Result<()> {
    let mut line = String::new();
    BufReader::new(&stream).read_line(&mut line)?;
    let path = line.split_whitespace().nth(1).unwrap_or("/");
    let path = path.split('?').next().unwrap_or("/");
    let name = match path.trim_start_matches('/') {
        "" => "index.html",
        n => n,
    };
    let file = dir.join(name);
    let inside = !name.contains("..") && !name.contains('\\');
    match std::fs::read(&file) {
        Ok(body) if inside => {
            write!(
                stream,
                "HTTP/1.1 200 OK\r\nContent-Type: {}\r\nContent-Length: {}\r\n\
                 Cache-Control: no-store\r\nConnection: close\r\n\r\n",
                content_type(&file),
                body.len()
            )?;
            stream.write_all(&body)
        }
        _ => stream
            .write_all(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"),
    }
}

/// Serves `dir` on a listener, each request on a thread of its own, for
/// as long as the program runs.
pub fn serve_on(listener: TcpListener, dir: PathBuf) {
    serve_while(listener, dir, &AtomicBool::new(true));
}

/// Serves `dir` on a listener while `up` holds; while it does not, each
/// connection is closed unanswered, as when the network is gone.
fn serve_while(listener: TcpListener, dir: PathBuf, up: &AtomicBool) {
    for stream in listener.incoming().flatten() {
        if !up.load(Ordering::SeqCst) {
            drop(stream);
            continue;
        }
        let dir = dir.clone();
        std::thread::spawn(move || {
            let _ = answer(stream, &dir);
        });
    }
}

/// Serves `dir` as [`serve`] does, with a switch: set it false and the
/// server answers nothing, as a network that is gone (the page's offline
/// check). The base address and the switch.
pub fn serve_switched(dir: PathBuf) -> Result<(String, Arc<AtomicBool>)> {
    let listener = TcpListener::bind(("127.0.0.1", 0))?;
    let port = listener.local_addr()?.port();
    let up = Arc::new(AtomicBool::new(true));
    let switch = Arc::clone(&up);
    std::thread::spawn(move || serve_while(listener, dir, &switch));
    Ok((format!("http://127.0.0.1:{port}/"), up))
}

/// Serves `dir` on a port of 127.0.0.1 chosen by the system, on a thread,
/// for as long as the program runs. The base address.
pub fn serve(dir: PathBuf) -> Result<String> {
    let listener = TcpListener::bind(("127.0.0.1", 0))?;
    let port = listener.local_addr()?.port();
    std::thread::spawn(move || serve_on(listener, dir));
    Ok(format!("http://127.0.0.1:{port}/"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    /// One request to the server, and its whole answer.
    fn get(port: u16, path: &str) -> String {
        let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
        write!(s, "GET {path} HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
        let mut out = String::new();
        s.read_to_string(&mut out).unwrap();
        out
    }

    #[test]
    fn the_server_answers_files_of_its_folder_and_nothing_else() {
        let dir = std::env::temp_dir().join(format!("rigs-serve-{}", std::process::id()));
        let site = dir.join("site");
        std::fs::create_dir_all(&site).unwrap();
        std::fs::write(site.join("index.html"), "<p>page</p>").unwrap();
        std::fs::write(site.join("amulets.js"), "let x = 1;").unwrap();
        std::fs::write(dir.join("secret.txt"), "not served").unwrap();
        let listener = TcpListener::bind(("127.0.0.1", 0)).unwrap();
        let port = listener.local_addr().unwrap().port();
        let served = site.clone();
        std::thread::spawn(move || serve_on(listener, served));

        let page = get(port, "/?seed=42&class=rogue");
        assert!(page.starts_with("HTTP/1.1 200 OK\r\n"), "{page}");
        assert!(page.contains("Content-Type: text/html; charset=utf-8\r\n"));
        assert!(page.contains("Content-Length: 11\r\n"));
        assert!(page.ends_with("\r\n\r\n<p>page</p>"), "{page}");
        let js = get(port, "/amulets.js");
        assert!(js.contains("Content-Type: text/javascript"), "{js}");
        assert!(js.ends_with("let x = 1;"));
        for path in ["/nothing.html", "/../secret.txt", "/..%2fsecret.txt"] {
            let answer = get(port, path);
            assert!(
                answer.starts_with("HTTP/1.1 404 Not Found"),
                "{path}: {answer}"
            );
            assert!(!answer.contains("not served"), "{path}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
