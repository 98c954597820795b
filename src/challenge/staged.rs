//! [`Staged`]: a file written beside its target and put in its place in one step, so that a
//! reader sees the old file or the new one, never a part.
//!
//! The bytes go to an anonymous file in the target's folder (Linux `O_TMPFILE`: no name),
//! synced. The commit links it straight to the target's name when there is no file there
//! (nothing else ever has a name). Linux cannot link over an existing file, so to replace one
//! the anonymous file is linked under a short temporary name, `.peakforge-XXXXXXXXXX.tmp`,
//! and renamed over the target at once: a kill -9 between those two system calls is the only
//! moment that leaves a name behind. Where the file system has no `O_TMPFILE` (or `/proc` is
//! not mounted), the temporary file is created under such a name from the start.
//!
//! Each staged file holds an exclusive lock (`flock`) on its temporary file until it is
//! committed or dropped. Every write into a folder first removes the temporary files of our
//! naming there that nobody holds locked: leftovers of a killed process (and the
//! `.NAME.XXXXXX` of the target's own name, which versions before this one left).

use std::ffi::{OsStr, OsString};
use std::fs::{self, File};
use std::io::Write as _;
use std::os::unix::fs::{MetadataExt as _, OpenOptionsExt as _, PermissionsExt as _};
use std::path::{Path, PathBuf};

use super::io::ChallengeError;

/// The start of our temporary names (then ten letters or digits and [`TEMP_SUFFIX`]).
pub const TEMP_PREFIX: &str = ".peakforge-";
/// The end of our temporary names.
pub const TEMP_SUFFIX: &str = ".tmp";
const TEMP_RANDOM: usize = 10;

/// Where a file named `path` is written: the target, links resolved, its folder, and the
/// file there now.
struct Target {
    path: PathBuf,
    dir: PathBuf,
    old: Option<fs::Metadata>,
}

impl Target {
    /// The target of `path`, or why it is never written.
    fn of(path: &Path) -> Result<Target, &'static str> {
        let target = match fs::symlink_metadata(path) {
            Ok(m) if m.file_type().is_symlink() => fs::canonicalize(path).map_err(|e| {
                if e.raw_os_error() == Some(libc::ELOOP) {
                    "a loop of symbolic links"
                } else {
                    "a symbolic link to a missing file"
                }
            })?,
            _ => path.to_path_buf(),
        };
        let old = fs::metadata(&target).ok();
        if old.as_ref().is_some_and(|m| !m.is_file()) {
            return Err("not a regular file");
        }
        if target.file_name().is_none() {
            return Err("not a file name");
        }
        let dir = target
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."))
            .to_path_buf();
        Ok(Target {
            path: target,
            dir,
            old,
        })
    }
}

/// A file written beside its target and not yet in its place (see the module).
///
/// A symbolic link at the target is followed (the file it names is replaced, the link stays);
/// a link planted at a temporary name redirects nothing (names are created exclusively).
/// Something that is not a regular file (a folder, a device such as `/dev/full`, a pipe) is
/// never replaced. Dropped without a commit, nothing changes and no name is left.
pub struct Staged {
    /// The target, links resolved.
    path: PathBuf,
    /// Its folder.
    dir: PathBuf,
    /// The staged bytes, locked.
    file: File,
    /// The temporary name in `dir`, when the file has one (no `O_TMPFILE`).
    temp: Option<OsString>,
}

impl Staged {
    /// Stages `bytes` for `path`, with the permission mode of the file it replaces (a new
    /// file gets `0o666` less the umask), synced.
    ///
    /// # Errors
    /// The I/O error, or why `path` cannot be replaced, naming the file; nothing was written.
    pub fn write(path: &Path, bytes: &[u8]) -> Result<Staged, ChallengeError> {
        let io = |source| ChallengeError::Io {
            path: path.to_path_buf(),
            source,
        };
        let refuse = |why: &str| io(std::io::Error::other(format!("{why}; nothing was written")));
        let Target {
            path: target,
            dir,
            old,
        } = Target::of(path).map_err(refuse)?;
        let named = |e: std::io::Error| {
            // Name the folder, not a temporary file in it.
            let why = match e.kind() {
                std::io::ErrorKind::NotFound => "the folder does not exist".to_string(),
                std::io::ErrorKind::PermissionDenied => "the folder is not writable".to_string(),
                _ => super::io::io_reason(&e),
            };
            io(std::io::Error::new(
                e.kind(),
                format!(
                    "cannot write in {}: {why}; nothing was written",
                    dir.display()
                ),
            ))
        };
        clean_leftovers(&dir, target.file_name().unwrap_or_default());
        let mode = old
            .as_ref()
            .map_or(0o666, |m| m.permissions().mode() & 0o7777);
        let (mut file, temp) = create(&dir, mode).map_err(named)?;
        let written = (|| {
            if old.is_some() {
                // The mode given at creation lost the umask's bits: the old file's, exactly.
                file.set_permissions(fs::Permissions::from_mode(mode))?;
            }
            file.write_all(bytes)?;
            file.sync_all()
        })();
        // Dropped on an error: a temporary name goes with it.
        let staged = Staged {
            path: target,
            dir,
            file,
            temp,
        };
        written.map_err(io)?;
        Ok(staged)
    }

    /// Why [`Staged::write`] would refuse `path` before writing anything (something that is
    /// not a regular file, a link to nothing, not a file name, a folder that does not exist);
    /// `None` when it would try. For the commands that check their outputs before their work.
    #[must_use]
    pub fn refusal(path: &Path) -> Option<String> {
        match Target::of(path) {
            Err(why) => Some(why.to_string()),
            Ok(t) if !t.dir.is_dir() => {
                Some(format!("the folder {} does not exist", t.dir.display()))
            }
            Ok(_) => None,
        }
    }

    /// Puts the staged file in its place and syncs the folder.
    ///
    /// # Errors
    /// The I/O error naming the file; the target is then as it was, and no temporary name is
    /// left. A file system that cannot sync a folder (`EINVAL`) has still put the file in
    /// place: that is not a failed save.
    pub fn commit(mut self) -> Result<(), ChallengeError> {
        let named_temp = self.temp.take();
        let name = self.path.file_name().unwrap_or_default().to_os_string();
        let target = self.dir.join(&name);
        let io = |source| ChallengeError::Io {
            path: self.path.clone(),
            source,
        };
        let temp = match named_temp {
            Some(t) => t,
            None => {
                use std::os::fd::AsRawFd as _;
                let fd = format!("/proc/self/fd/{}", self.file.as_raw_fd());
                match link(Path::new(&fd), &target) {
                    // A new file: linked straight at its name.
                    Ok(()) => return sync_dir(&self.dir).map_err(io),
                    Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
                    Err(e) => return Err(io(e)),
                }
                loop {
                    let t = temp_name();
                    match link(Path::new(&fd), &self.dir.join(&t)) {
                        Ok(()) => break t,
                        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
                        Err(e) => return Err(io(e)),
                    }
                }
            }
        };
        let from = self.dir.join(&temp);
        if let Err(e) = fs::rename(&from, &target) {
            let _ = fs::remove_file(&from);
            return Err(io(e));
        }
        sync_dir(&self.dir).map_err(io)
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        if let Some(t) = self.temp.take() {
            let _ = fs::remove_file(self.dir.join(t));
        }
    }
}

/// A temporary name of ours: [`TEMP_PREFIX`], ten random letters and digits, [`TEMP_SUFFIX`]
/// (21 bytes, whatever the target's name: a name of 255 bytes can be written).
fn temp_name() -> OsString {
    let random: String = std::iter::repeat_with(fastrand::alphanumeric)
        .take(TEMP_RANDOM)
        .collect();
    format!("{TEMP_PREFIX}{random}{TEMP_SUFFIX}").into()
}

/// Whether `name` is one of our temporary names, or one that earlier versions (by the
/// `atomic-write-file` crate) made for `target`: `.TARGET.XXXXXX`.
fn ours(name: &OsStr, target: &OsStr) -> bool {
    let n = name.as_encoded_bytes();
    let alnum = |b: &[u8], len: usize| b.len() == len && b.iter().all(u8::is_ascii_alphanumeric);
    if let Some(rest) = n
        .strip_prefix(TEMP_PREFIX.as_bytes())
        .and_then(|r| r.strip_suffix(TEMP_SUFFIX.as_bytes()))
    {
        return alnum(rest, TEMP_RANDOM);
    }
    let t = target.as_encoded_bytes();
    n.strip_prefix(b".")
        .and_then(|r| r.strip_prefix(t))
        .and_then(|r| r.strip_prefix(b"."))
        .is_some_and(|r| alnum(r, 6))
}

/// Removes the temporary files of ours in `dir` that no process holds locked (leftovers of a
/// killed one). Errors are ignored: cleaning never fails a save.
fn clean_leftovers(dir: &Path, target: &OsStr) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name();
        if !ours(&name, target) || !e.file_type().is_ok_and(|t| t.is_file()) {
            continue;
        }
        let path = e.path();
        let Ok(f) = fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
            .open(&path)
        else {
            continue;
        };
        // Locked: a live writer's file. Unlocked: its writer is gone (a lock dies with it).
        if f.try_lock().is_err() {
            continue;
        }
        let same = |m: &fs::Metadata, n: &fs::Metadata| m.dev() == n.dev() && m.ino() == n.ino();
        if let (Ok(held), Ok(now)) = (f.metadata(), fs::symlink_metadata(&path))
            && same(&held, &now)
        {
            let _ = fs::remove_file(&path);
        }
    }
}

/// The staged file, locked: anonymous where the system allows (`O_TMPFILE` and `/proc`),
/// else under a new temporary name in `dir`.
fn create(dir: &Path, mode: u32) -> std::io::Result<(File, Option<OsString>)> {
    if Path::new("/proc/self/fd").is_dir() {
        let anonymous = fs::OpenOptions::new()
            .write(true)
            .mode(mode)
            .custom_flags(libc::O_TMPFILE)
            .open(dir);
        match anonymous {
            Ok(f) => {
                f.try_lock().map_err(std::io::Error::other)?;
                return Ok((f, None));
            }
            Err(e)
                if !matches!(
                    e.raw_os_error(),
                    Some(libc::EOPNOTSUPP | libc::EISDIR | libc::EINVAL)
                ) =>
            {
                return Err(e);
            }
            Err(_) => {}
        }
    }
    loop {
        let t = temp_name();
        let made = fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(mode)
            .open(dir.join(&t));
        match made {
            Ok(f) => {
                if let Err(e) = f.try_lock() {
                    let _ = fs::remove_file(dir.join(&t));
                    return Err(std::io::Error::other(e));
                }
                return Ok((f, Some(t)));
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e),
        }
    }
}

/// A hard link `to` the file `from` names, following a link at `from` (the `/proc` link of an
/// anonymous file); `to` must not exist.
fn link(from: &Path, to: &Path) -> std::io::Result<()> {
    nix::unistd::linkat(
        nix::fcntl::AT_FDCWD,
        from,
        nix::fcntl::AT_FDCWD,
        to,
        nix::fcntl::AtFlags::AT_SYMLINK_FOLLOW,
    )
    .map_err(std::io::Error::from)
}

/// Syncs a folder (its new entry); a file system that cannot (`EINVAL`) is not an error.
fn sync_dir(dir: &Path) -> std::io::Result<()> {
    match File::open(dir).and_then(|d| d.sync_all()) {
        Err(e) if !matches!(e.raw_os_error(), Some(libc::EINVAL | libc::EOPNOTSUPP)) => Err(e),
        _ => Ok(()),
    }
}
