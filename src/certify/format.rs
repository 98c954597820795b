//! The strategy certificate's file layout (docs/certificates.md): a magic line, a one-line
//! JSON header, then the records compressed with zstd. The body is hashed (BLAKE3) as it is
//! written and read, so the header's digest covers every record. No rules here: the writer
//! (`solve --proof`) and the checker ([`super::check`]) share only this layout.

use std::io::{BufRead, BufReader, Read, Write};

use serde::{Deserialize, Serialize};

/// The first line of a strategy certificate (with its newline).
pub const MAGIC: &[u8] = b"peakforge-strategy-certificate 1\n";

/// The longest header line read, in bytes.
const MAX_HEADER: usize = 1 << 16;

/// The zstd level of the body (fast to write; higher levels gained little on the records).
const LEVEL: i32 = 9;

/// The header line (JSON). Field names are the file's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// The rule set (`breakthrough`).
    pub game: String,
    /// The starting position string (BT-5).
    pub position: String,
    /// The side that wins: `white` or `black`.
    pub winner: String,
    /// Files of the board.
    pub width: u32,
    /// Ranks of the board.
    pub height: u32,
    /// Whether keys are canonical under the left-right mirror (the smaller key of a position
    /// and its mirror image; the move is then the mirrored board's).
    pub mirror: bool,
    /// The number of records in the body.
    pub records: u64,
    /// The longest match the strategy allows, in plies (a claim the checker verifies), or
    /// `null` when not claimed.
    pub plies: Option<u32>,
    /// The BLAKE3 digest of the uncompressed body, in hex.
    pub blake3: String,
    /// A length certificate's claim: the loser's strategy (records of loser-to-move
    /// positions) makes the match last at least this many plies against every move of the
    /// winner. Absent in a winner's strategy.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub survives: Option<u32>,
}

/// A record: the key of a winner-to-move position and the winner's move code there.
pub type Record = (u128, u8);

/// The body bytes of `records` (sorted, keys strictly increasing): per record the LEB128
/// varint of its key minus the previous key (the first: the key itself), then the move code.
fn encode(
    records: impl Iterator<Item = Record>,
    mut sink: impl FnMut(&[u8]) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let mut buf = Vec::with_capacity(1 << 16);
    let mut prev = 0u128;
    for (key, mv) in records {
        let mut d = key.wrapping_sub(prev);
        prev = key;
        loop {
            let byte = (d & 0x7f) as u8;
            d >>= 7;
            if d == 0 {
                buf.push(byte);
                break;
            }
            buf.push(byte | 0x80);
        }
        buf.push(mv);
        if buf.len() >= 1 << 15 {
            sink(&buf)?;
            buf.clear();
        }
    }
    sink(&buf)
}

/// The hex BLAKE3 digest of the body of `records`.
#[must_use]
pub fn digest(records: impl Iterator<Item = Record>) -> String {
    let mut h = blake3::Hasher::new();
    let _ = encode(records, |b| {
        h.update(b);
        Ok(())
    });
    h.finalize().to_hex().to_string()
}

/// Writes a certificate: `header` (its `records` and `blake3` are filled in here) and the
/// sorted `records`, compressed as they are encoded. The records are gone through twice (the
/// digest and the count, then the body), never held.
///
/// # Errors
/// Any write error; records not strictly increasing.
pub fn write(
    out: impl Write,
    mut header: Header,
    records: impl Iterator<Item = Record> + Clone,
) -> std::io::Result<()> {
    let (mut count, mut prev) = (0u64, None);
    for (key, _) in records.clone() {
        if prev.is_some_and(|p| p >= key) {
            return Err(std::io::Error::other("records are not sorted by key"));
        }
        (count, prev) = (count + 1, Some(key));
    }
    header.records = count;
    header.blake3 = digest(records.clone());
    write_raw(out, &header, records)
}

/// Writes `header` as it is, then the body of `records`: for purpose-made faulty certificates
/// in tests (a wrong digest, a wrong count, records out of order).
///
/// # Errors
/// Any write error.
pub fn write_raw(
    mut out: impl Write,
    header: &Header,
    records: impl Iterator<Item = Record>,
) -> std::io::Result<()> {
    out.write_all(MAGIC)?;
    let line = serde_json::to_string(header).map_err(std::io::Error::other)?;
    out.write_all(line.as_bytes())?;
    out.write_all(b"\n")?;
    let mut z = zstd::Encoder::new(out, LEVEL)?;
    // Worker threads would not change a byte of the output; one keeps the machine free.
    encode(records, |b| z.write_all(b))?;
    z.finish()?.flush()
}

/// Why a certificate could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file is not a strategy certificate (no magic line).
    #[error("not a strategy certificate (its first line is not '{}')", String::from_utf8_lossy(&MAGIC[..MAGIC.len() - 1]))]
    NotStrategy,
    /// The file is damaged or inconsistent; the message says where.
    #[error("{0}")]
    Bad(String),
    /// Reading failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// Reads a certificate's magic line and header, leaving the reader at the body.
///
/// # Errors
/// [`ReadError::NotStrategy`] without the magic line; [`ReadError::Bad`] for a bad header.
pub fn read_header<R: Read>(mut r: BufReader<R>) -> Result<(Header, BufReader<R>), ReadError> {
    let mut magic = vec![0u8; MAGIC.len()];
    let got = read_up_to(&mut r, &mut magic)?;
    if got < MAGIC.len() || magic != MAGIC {
        return Err(ReadError::NotStrategy);
    }
    let mut line = Vec::new();
    (&mut r)
        .take(MAX_HEADER as u64)
        .read_until(b'\n', &mut line)?;
    if line.last() != Some(&b'\n') {
        return Err(ReadError::Bad(format!(
            "line 2: the header is not one JSON line of at most {MAX_HEADER} bytes"
        )));
    }
    let header: Header = serde_json::from_slice(&line).map_err(|e| {
        ReadError::Bad(format!(
            "line 2 (the header), column {}: {}",
            e.column(),
            crate::challenge::json_reason(&e)
        ))
    })?;
    Ok((header, r))
}

fn read_up_to(r: &mut impl Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match r.read(&mut buf[n..])? {
            0 => break,
            k => n += k,
        }
    }
    Ok(n)
}

/// A reader that hashes every byte it passes on.
struct Hashing<R> {
    inner: R,
    hasher: blake3::Hasher,
}

impl<R: Read> Read for Hashing<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.hasher.update(&buf[..n]);
        Ok(n)
    }
}

/// Reads every record of the body after `header` in key order, each handed to `each`: the
/// body must hold the count the header announces and match its digest. The writer's merge
/// and the checker read certificates with it.
///
/// # Errors
/// A damaged body ([`Records::next_record`], [`Records::finish`]) or a digest that does not
/// match.
pub fn read_all<R: Read>(
    header: &Header,
    body: BufReader<R>,
    mut each: impl FnMut(Record),
) -> Result<(), ReadError> {
    let bits = header.width.saturating_mul(header.height).saturating_mul(2);
    let mut recs = Records::new(body, header.records, bits)?;
    while let Some(r) = recs.next_record()? {
        each(r);
    }
    let digest = recs.finish()?;
    if digest != header.blake3 {
        return Err(ReadError::Bad(format!(
            "the body's BLAKE3 digest is {digest}, the header says {}: the file was changed",
            header.blake3
        )));
    }
    Ok(())
}

/// The records of a body, read as a stream: decompressed, hashed and decoded one by one.
pub struct Records<R: Read> {
    inner: BufReader<Hashing<zstd::Decoder<'static, BufReader<R>>>>,
    prev: u128,
    left: u64,
    index: u64,
    key_bits: u32,
}

impl<R: Read> Records<R> {
    /// The body after a header announcing `count` records whose keys have `key_bits` bits.
    ///
    /// # Errors
    /// When the zstd stream cannot start.
    pub fn new(body: BufReader<R>, count: u64, key_bits: u32) -> std::io::Result<Records<R>> {
        Ok(Records {
            inner: BufReader::with_capacity(
                1 << 16,
                Hashing {
                    inner: zstd::Decoder::with_buffer(body)?,
                    hasher: blake3::Hasher::new(),
                },
            ),
            prev: 0,
            left: count,
            index: 0,
            key_bits,
        })
    }

    fn byte(&mut self) -> Result<Option<u8>, ReadError> {
        let at = self.index;
        // What zstd says of a cut or changed body ("incomplete frame", "Data corruption
        // detected") is said as the damage it is, at the record it stopped.
        let buf = self.inner.fill_buf().map_err(|e| {
            ReadError::Bad(format!(
                "record {at}: the compressed body is cut or damaged (zstd: {e})"
            ))
        })?;
        let Some(&b) = buf.first() else {
            return Ok(None);
        };
        self.inner.consume(1);
        Ok(Some(b))
    }

    /// The next record, `None` after the last one the header announced.
    ///
    /// # Errors
    /// A damaged body: a cut record, a key out of order or too large.
    pub fn next_record(&mut self) -> Result<Option<Record>, ReadError> {
        if self.left == 0 {
            return Ok(None);
        }
        let at = self.index;
        let cut = || {
            ReadError::Bad(format!(
                "record {at}: the body ends inside it (fewer records than the header says)"
            ))
        };
        let mut d = 0u128;
        let mut shift = 0;
        loop {
            let b = self.byte()?.ok_or_else(cut)?;
            if shift >= 128 || (shift > 0 && u128::from(b & 0x7f) >> (128 - shift) != 0) {
                return Err(ReadError::Bad(format!(
                    "record {at}: its key does not fit 128 bits"
                )));
            }
            d |= u128::from(b & 0x7f) << shift;
            shift += 7;
            if b & 0x80 == 0 {
                break;
            }
        }
        let mv = self.byte()?.ok_or_else(cut)?;
        if at > 0 && d == 0 {
            return Err(ReadError::Bad(format!(
                "record {at}: the same key as the record before (keys must increase)"
            )));
        }
        let key = self
            .prev
            .checked_add(d)
            .filter(|k| self.key_bits >= 128 || k >> self.key_bits == 0);
        let key = key.ok_or_else(|| {
            ReadError::Bad(format!(
                "record {at}: its key is larger than the board allows"
            ))
        })?;
        self.prev = key;
        self.left -= 1;
        self.index += 1;
        Ok(Some((key, mv)))
    }

    /// After the last record: the body must end here; its digest in hex.
    ///
    /// # Errors
    /// Bytes after the last record announced.
    pub fn finish(mut self) -> Result<String, ReadError> {
        if self.byte()?.is_some() {
            return Err(ReadError::Bad(format!(
                "the body goes on after the {} records the header announces",
                self.index
            )));
        }
        Ok(self
            .inner
            .into_inner()
            .hasher
            .finalize()
            .to_hex()
            .to_string())
    }
}
