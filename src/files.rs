//! Files from outside the program: saves, scenarios, preferences. Each is hostile input: it
//! may be a device that never ends (`/dev/zero`), a FIFO that blocks whoever opens it, a
//! symbolic link to either, or a well-formed text made to take a great deal of memory once
//! parsed. Reading here never blocks on such a file and never takes more than a set number
//! of bytes; [`check_json_shape`] bounds what a JSON text can grow into before any tree of
//! it is built; [`write_target`] lets a write replace only a regular file.

use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

/// Why a file could not be read.
#[derive(Debug)]
pub enum ReadError {
    /// There is no such file.
    NotFound,
    /// The path names a folder, a device, a FIFO or a socket: only regular files are read.
    NotRegular(&'static str),
    /// Larger than the limit; `bytes` is its size (or the bytes read when it has none).
    TooLarge { bytes: u64 },
    /// The system refused (permissions, I/O error...).
    Io(std::io::Error),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::NotFound => write!(f, "there is no such file"),
            ReadError::NotRegular(kind) => write!(f, "it is {kind}, not a regular file"),
            ReadError::TooLarge { bytes } => write!(f, "it is too large ({bytes} bytes)"),
            ReadError::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ReadError {}

/// What a file that is not a regular one is, in words.
fn kind_of(t: std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if t.is_dir() {
        "a folder"
    } else if t.is_fifo() {
        "a pipe (FIFO)"
    } else if t.is_socket() {
        "a socket"
    } else if t.is_char_device() || t.is_block_device() {
        "a device"
    } else if t.is_symlink() {
        "a symbolic link"
    } else {
        "a special file"
    }
}

/// Reads the regular file at `path` (a symbolic link is followed), at most `max` bytes. The
/// file is opened without blocking, so that a FIFO cannot stall the reader, and refused
/// unless it is a regular file; a file larger than `max` is refused from its size, and the
/// read stops at `max + 1` bytes in case it grows meanwhile.
pub fn read_limited(path: &Path, max: u64) -> Result<Vec<u8>, ReadError> {
    use std::os::unix::fs::OpenOptionsExt;
    let io = |e: std::io::Error| match e.kind() {
        std::io::ErrorKind::NotFound => ReadError::NotFound,
        _ => ReadError::Io(e),
    };
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
        .map_err(io)?;
    let meta = file.metadata().map_err(io)?;
    if !meta.is_file() {
        return Err(ReadError::NotRegular(kind_of(meta.file_type())));
    }
    if meta.len() > max {
        return Err(ReadError::TooLarge { bytes: meta.len() });
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(max + 1).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() as u64 > max {
        return Err(ReadError::TooLarge {
            bytes: bytes.len() as u64,
        });
    }
    Ok(bytes)
}

/// Where a write meant for `path` goes: `path` itself when nothing is there or a regular file
/// is; the file a symbolic link leads to when that is a regular file (the link is kept). A
/// folder, a device, a FIFO, a socket, or a link to one or to nothing is refused: a save
/// replaces only a regular file.
pub fn write_target(path: &Path) -> std::io::Result<PathBuf> {
    let refuse = |what: String| std::io::Error::other(what);
    let meta = match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(path.to_path_buf()),
        Err(e) => return Err(e),
        Ok(m) => m,
    };
    if meta.is_file() {
        return Ok(path.to_path_buf());
    }
    if !meta.file_type().is_symlink() {
        return Err(refuse(format!(
            "{} is {}, not a regular file",
            path.display(),
            kind_of(meta.file_type())
        )));
    }
    match std::fs::canonicalize(path) {
        Ok(target) => match std::fs::metadata(&target) {
            Ok(m) if m.is_file() => Ok(target),
            Ok(m) => Err(refuse(format!(
                "{} leads to {}, which is {}, not a regular file",
                path.display(),
                target.display(),
                kind_of(m.file_type())
            ))),
            Err(e) => Err(e),
        },
        Err(_) => Err(refuse(format!(
            "{} is a symbolic link that leads nowhere",
            path.display()
        ))),
    }
}

/// The most a JSON text may hold before a tree of it is built: values of any kind, objects
/// among them (each costs far more memory than its few bytes of text), and nesting depth.
#[derive(Debug, Clone, Copy)]
pub struct Shape {
    pub values: usize,
    pub objects: usize,
    pub depth: usize,
}

/// Counts the values, objects and depth of a JSON text in one pass over its bytes, without
/// building anything, and refuses it as soon as one passes `limits`. It does not check that
/// the text is JSON (the parser does that next); it only bounds what parsing it can cost.
pub fn check_json_shape(text: &str, limits: Shape) -> Result<(), String> {
    let (mut values, mut objects, mut depth) = (0usize, 0usize, 0usize);
    let (mut in_string, mut escaped) = (false, false);
    // A value starts at each '{', '[', '"' outside a string, and at each run of other
    // characters (a number, true, false, null) after a separator.
    let mut after_separator = true;
    for &b in text.as_bytes() {
        if in_string {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_string = false;
            }
            continue;
        }
        let starts = match b {
            b'{' | b'[' => {
                depth += 1;
                if b == b'{' {
                    objects += 1;
                }
                after_separator = true;
                true
            }
            b'}' | b']' => {
                depth = depth.saturating_sub(1);
                after_separator = false;
                false
            }
            b'"' => {
                in_string = true;
                after_separator = false;
                true
            }
            b',' | b':' => {
                after_separator = true;
                false
            }
            b' ' | b'\t' | b'\n' | b'\r' => false,
            _ => std::mem::replace(&mut after_separator, false),
        };
        if starts {
            values += 1;
        }
        if values > limits.values {
            return Err(format!("it holds more than {} values", limits.values));
        }
        if objects > limits.objects {
            return Err(format!("it holds more than {} objects", limits.objects));
        }
        if depth > limits.depth {
            return Err(format!("it is nested more than {} deep", limits.depth));
        }
    }
    Ok(())
}

/// Whether a character may stand in a name shown to players: no control characters (line
/// breaks, escape codes), no characters that reorder or hide the text around them
/// (right-to-left overrides and isolates, zero-width marks), no line or paragraph separators.
pub fn printable_char(c: char) -> bool {
    !(c.is_control()
        || matches!(c,
            '\u{061C}' | '\u{200B}' | '\u{200E}' | '\u{200F}' | '\u{2028}'..='\u{202E}'
            | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{2069}' | '\u{FEFF}'
            | '\u{FFF9}'..='\u{FFFB}'))
}

/// `s` with every character that [`printable_char`] refuses dropped: for printing a text that
/// came from outside on a terminal or in a window.
pub fn printable(s: &str) -> String {
    s.chars().filter(|c| printable_char(*c)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: Shape = Shape {
        values: 10,
        objects: 3,
        depth: 4,
    };

    #[test]
    fn the_shape_counts_values_objects_and_depth() {
        assert!(check_json_shape(r#"{"a":[1,2,"x,{"],"b":null}"#, SMALL).is_ok());
        // 11 values.
        assert!(check_json_shape("[1,2,3,4,5,6,7,8,9,10]", SMALL).is_err());
        assert!(check_json_shape(r#"[{},{},{},{}]"#, SMALL).is_err());
        assert!(check_json_shape("[[[[[1]]]]]", SMALL).is_err());
        // Brackets and quotes inside strings, escaped quotes, count for nothing.
        assert!(check_json_shape(r#"["{{{{[[[[\"{{{{"]"#, SMALL).is_ok());
    }

    #[test]
    fn a_name_is_cleaned_of_what_would_fake_or_hide_text() {
        assert_eq!(printable("Ann\nround: 999"), "Annround: 999");
        assert_eq!(printable("\u{1b}[31mRed\u{1b}[0m"), "[31mRed[0m");
        assert_eq!(printable("abc\u{202E}fed"), "abcfed");
        assert_eq!(printable("Jehanne d'Arc & Cie"), "Jehanne d'Arc & Cie");
        assert_eq!(printable("Élise Ægir 李"), "Élise Ægir 李");
    }

    #[test]
    fn special_files_are_neither_read_nor_written_over() {
        let dir = std::env::temp_dir().join(format!("fief-files-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        // A device, read through a symbolic link: refused at once, not read for ever.
        let zero = dir.join("zero.fief");
        std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
        assert!(matches!(
            read_limited(&zero, 1024),
            Err(ReadError::NotRegular("a device"))
        ));
        assert!(write_target(&zero).is_err());
        assert!(write_target(Path::new("/dev/full")).is_err());
        // A FIFO: refused without blocking.
        let fifo = dir.join("pipe.fief");
        let c = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        assert!(matches!(
            read_limited(&fifo, 1024),
            Err(ReadError::NotRegular("a pipe (FIFO)"))
        ));
        assert!(write_target(&fifo).is_err());
        // A folder.
        assert!(read_limited(&dir, 1024).is_err());
        assert!(write_target(&dir).is_err());
        // A regular file, and a link to one: the link's target is written.
        let real = dir.join("real.fief");
        std::fs::write(&real, "12345").unwrap();
        assert_eq!(read_limited(&real, 5).unwrap(), b"12345");
        assert!(matches!(
            read_limited(&real, 4),
            Err(ReadError::TooLarge { bytes: 5 })
        ));
        let link = dir.join("link.fief");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        assert_eq!(
            write_target(&link).unwrap(),
            std::fs::canonicalize(&real).unwrap()
        );
        assert_eq!(write_target(&real).unwrap(), real);
        let dangling = dir.join("dangling.fief");
        std::os::unix::fs::symlink(dir.join("nothing"), &dangling).unwrap();
        assert!(write_target(&dangling).is_err());
        assert!(matches!(
            read_limited(&dir.join("missing"), 9),
            Err(ReadError::NotFound)
        ));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
