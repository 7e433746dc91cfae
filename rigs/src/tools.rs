//! Installing what the checks need when it is missing: rustup targets, and
//! Debian packages when running as root on Debian (as CI does). Elsewhere it
//! prints the command to run and stops.

use crate::sh;
use anyhow::{Result, anyhow};

/// Adds the rustup components (rustfmt, clippy) that are not installed yet:
/// a toolchain installed with rustup's minimal profile has neither.
pub fn ensure_rust_components(components: &[&str]) -> Result<()> {
    let installed = sh::output(sh::cmd("rustup", &["component", "list", "--installed"]))
        .map_err(|e| anyhow!("{e}: rustup is needed to add rustfmt and clippy"))?;
    // Installed components are listed with the host's triple:
    // `clippy-x86_64-unknown-linux-gnu`.
    let missing: Vec<&str> = components
        .iter()
        .copied()
        .filter(|c| {
            !installed
                .lines()
                .any(|l| l.trim().starts_with(&format!("{c}-")))
        })
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    let mut args = vec!["component", "add"];
    args.extend(&missing);
    sh::run(sh::cmd("rustup", &args))
}

/// Adds the rustup targets that are not installed yet.
pub fn ensure_rust_targets(targets: &[&str]) -> Result<()> {
    let installed = sh::output(sh::cmd("rustup", &["target", "list", "--installed"]))
        .map_err(|e| anyhow!("{e}: rustup is needed to add the cross targets"))?;
    let missing: Vec<&str> = targets
        .iter()
        .copied()
        .filter(|t| !installed.lines().any(|l| l.trim() == *t))
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    let mut args = vec!["target", "add"];
    args.extend(&missing);
    sh::run(sh::cmd("rustup", &args))
}

/// A program (or, when it starts with `/`, a file) a check needs, and the
/// Debian package that has it.
pub struct Need {
    pub program: &'static str,
    pub package: &'static str,
    /// From bookworm-backports: the machines' `qemu-utils` is the backported
    /// QEMU, and installing the other QEMU packages from bookworm itself
    /// would make apt remove it.
    pub backports: bool,
}

impl Need {
    fn present(&self) -> bool {
        if self.program.starts_with('/') {
            std::path::Path::new(self.program).exists()
        } else {
            sh::have(self.program)
        }
    }
}

const BACKPORTS: &str = "/etc/apt/sources.list.d/amulets-bookworm-backports.sources";
const BACKPORTS_SOURCE: &str = "Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm-backports
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
";

fn is_root() -> bool {
    sh::output(sh::cmd("id", &["-u"])).is_ok_and(|s| s.trim() == "0")
}

fn is_bookworm() -> bool {
    std::fs::read_to_string("/etc/os-release")
        .is_ok_and(|s| s.contains("VERSION_CODENAME=bookworm"))
}

fn has_backports() -> bool {
    let mut files = vec![std::path::PathBuf::from("/etc/apt/sources.list")];
    if let Ok(dir) = std::fs::read_dir("/etc/apt/sources.list.d") {
        files.extend(dir.filter_map(|e| e.ok()).map(|e| e.path()));
    }
    files
        .iter()
        .filter_map(|f| std::fs::read_to_string(f).ok())
        .any(|s| {
            s.lines()
                .any(|l| !l.trim_start().starts_with('#') && l.contains("bookworm-backports"))
        })
}

/// Installs the packages of the programs that are missing.
pub fn ensure_programs(needs: &[Need]) -> Result<()> {
    let missing: Vec<&Need> = needs.iter().filter(|n| !n.present()).collect();
    if missing.is_empty() {
        return Ok(());
    }
    let plain: Vec<&str> = missing
        .iter()
        .filter(|n| !n.backports)
        .map(|n| n.package)
        .collect();
    let backported: Vec<&str> = missing
        .iter()
        .filter(|n| n.backports)
        .map(|n| n.package)
        .collect();
    let programs: Vec<&str> = missing.iter().map(|n| n.program).collect();
    if !is_root() || !sh::have("apt-get") {
        let mut how = String::new();
        if !plain.is_empty() {
            how += &format!("\n  apt-get install {}", plain.join(" "));
        }
        if !backported.is_empty() {
            how += &format!(
                "\n  apt-get install -t bookworm-backports {}",
                backported.join(" ")
            );
        }
        return Err(anyhow!(
            "missing {}; install them (as root on Debian 12):{how}",
            programs.join(", ")
        ));
    }
    println!("installing what is missing: {}", programs.join(", "));
    if !backported.is_empty() && is_bookworm() && !has_backports() {
        std::fs::write(BACKPORTS, BACKPORTS_SOURCE)
            .map_err(|e| anyhow!("could not add bookworm-backports: {e}"))?;
    }
    sh::run(sh::cmd("apt-get", &["update", "-q"]))?;
    let apt = |extra: &[&str], packages: &[&str]| {
        let mut args = vec!["install", "-y", "-q", "--no-install-recommends"];
        args.extend(extra);
        args.extend(packages);
        let mut c = sh::cmd("apt-get", &args);
        c.env("DEBIAN_FRONTEND", "noninteractive");
        sh::run(c)
    };
    if !plain.is_empty() {
        let backports_first: &[&str] = &["-t", "bookworm-backports"];
        // Beside the backported QEMU, bookworm's own packages can clash:
        // QEMU brought libelf1 from bookworm-backports, and Wine needs
        // bookworm's libdw1, which wants bookworm's libelf1. Preferring
        // bookworm-backports for the dependencies settles it.
        apt(&[], &plain).or_else(|e| {
            if is_bookworm() && has_backports() {
                println!("{e}; trying again with bookworm-backports preferred");
                apt(backports_first, &plain)
            } else {
                Err(e)
            }
        })?;
    }
    if !backported.is_empty() {
        let extra: &[&str] = if is_bookworm() {
            &["-t", "bookworm-backports"]
        } else {
            &[]
        };
        apt(extra, &backported)?;
    }
    Ok(())
}

/// QEMU's Arm boards (mps2-an386, lm3s6965evb) for the firmware checks.
/// Valgrind, whose callgrind counts the bench's instructions.
pub const VALGRIND: Need = Need {
    program: "valgrind",
    package: "valgrind",
    backports: false,
};

pub const QEMU_ARM: Need = Need {
    program: "qemu-system-arm",
    package: "qemu-system-arm",
    backports: true,
};

/// Python's virtual environments (for a test tool from PyPI, the RP2040
/// emulator): Debian splits `venv`'s pip bootstrap into python3-venv.
pub const PYTHON_VENV: Need = Need {
    program: "/usr/share/doc/python3-venv",
    package: "python3-venv",
    backports: false,
};

/// What building SDL3 from source needs: cmake, the make it drives (cmake
/// installed without its recommends comes without), the X11 headers, and
/// for its Wayland backend pkg-config, the Wayland client and EGL headers,
/// xkbcommon, the protocols and libdecor (SDL finds Wayland through
/// pkg-config, and builds without it, silently, when one is missing: the
/// dist check asks the game which backends it has).
pub const SDL_BUILD: [Need; 16] = [
    Need {
        program: "cmake",
        package: "cmake",
        backports: false,
    },
    Need {
        program: "make",
        package: "make",
        backports: false,
    },
    Need {
        program: "/usr/include/X11/Xlib.h",
        package: "libx11-dev",
        backports: false,
    },
    Need {
        program: "/usr/include/X11/Xcursor/Xcursor.h",
        package: "libxcursor-dev",
        backports: false,
    },
    Need {
        program: "/usr/include/X11/extensions/XInput2.h",
        package: "libxi-dev",
        backports: false,
    },
    Need {
        program: "/usr/include/X11/extensions/Xrandr.h",
        package: "libxrandr-dev",
        backports: false,
    },
    Need {
        program: "/usr/include/X11/extensions/XTest.h",
        package: "libxtst-dev",
        backports: false,
    },
    Need {
        program: "/usr/include/X11/extensions/Xext.h",
        package: "libxext-dev",
        backports: false,
    },
    Need {
        program: "/usr/include/X11/extensions/Xfixes.h",
        package: "libxfixes-dev",
        backports: false,
    },
    Need {
        program: "/usr/include/X11/extensions/scrnsaver.h",
        package: "libxss-dev",
        backports: false,
    },
    Need {
        program: "pkg-config",
        package: "pkgconf",
        backports: false,
    },
    Need {
        program: "/usr/include/wayland-client.h",
        package: "libwayland-dev",
        backports: false,
    },
    Need {
        program: "/usr/include/EGL/egl.h",
        package: "libegl-dev",
        backports: false,
    },
    Need {
        program: "/usr/include/xkbcommon/xkbcommon.h",
        package: "libxkbcommon-dev",
        backports: false,
    },
    Need {
        program: "/usr/share/wayland-protocols",
        package: "wayland-protocols",
        backports: false,
    },
    Need {
        program: "/usr/include/libdecor-0/libdecor.h",
        package: "libdecor-0-dev",
        backports: false,
    },
];

/// Makes sure SDL3 can be built: installs what is missing with apt when
/// root on Debian or Ubuntu, else says exactly what to run on this
/// platform.
pub fn ensure_sdl_build() -> Result<()> {
    if cfg!(target_os = "macos") {
        return if sh::have("cmake") {
            Ok(())
        } else {
            Err(anyhow!(
                "SDL3 is built from source and needs cmake: brew install cmake"
            ))
        };
    }
    if cfg!(target_os = "windows") {
        return if sh::have("cmake") {
            Ok(())
        } else {
            Err(anyhow!(
                "SDL3 is built from source and needs cmake: winget install Kitware.CMake"
            ))
        };
    }
    let missing: Vec<&Need> = SDL_BUILD.iter().filter(|n| !n.present()).collect();
    if missing.is_empty() {
        return Ok(());
    }
    if sh::have("apt-get") {
        return ensure_programs(&SDL_BUILD);
    }
    let os = std::fs::read_to_string("/etc/os-release").unwrap_or_default();
    let like = |id: &str| {
        os.lines()
            .any(|l| (l.starts_with("ID=") || l.starts_with("ID_LIKE=")) && l.contains(id))
    };
    let how = if sh::have("dnf") || like("fedora") {
        "sudo dnf install cmake libX11-devel libXcursor-devel libXi-devel libXrandr-devel \
         libXtst-devel libXext-devel libXfixes-devel libXScrnSaver-devel wayland-devel \
         libxkbcommon-devel wayland-protocols-devel libdecor-devel mesa-libEGL-devel"
    } else if sh::have("pacman") || like("arch") {
        "sudo pacman -S --needed cmake libx11 libxcursor libxi libxrandr libxtst libxext \
         libxfixes libxss wayland libxkbcommon wayland-protocols libdecor"
    } else if sh::have("zypper") {
        "sudo zypper install cmake libX11-devel libXcursor-devel libXi-devel libXrandr-devel \
         libXtst-devel libXext-devel libXfixes-devel libXss-devel wayland-devel \
         libxkbcommon-devel wayland-protocols-devel libdecor-devel Mesa-libEGL-devel"
    } else {
        "install cmake and the X11 development headers (Xlib, Xcursor, XInput2, Xrandr, \
         XTest, Xext, Xfixes, XScrnSaver), and Wayland's (wayland-client, EGL, xkbcommon, \
         wayland-protocols, libdecor) with the system's package manager"
    };
    let names: Vec<&str> = missing.iter().map(|n| n.package).collect();
    Err(anyhow!(
        "building SDL3 needs what is missing here ({}):\n  {how}",
        names.join(", ")
    ))
}
