//! State checksums: replays and saves compare them command by command.
//!
//! Two are kept. Record format 1 wrote FNV-1a over the state's canonical JSON ([`fnv1a`]); it
//! took 60 µs a command, most of it writing and hashing text. Format 2 writes [`StateHash`]: the
//! state's values fed straight from serde, word by word, into a 64-bit hash, with nothing
//! allocated. Both are the same on every platform (little-endian words; `usize` is written as
//! `u64` by serde; floats by their bits).

use serde::ser::{self, Serialize};

/// FNV-1a 64: tiny, portable and stable across platforms and releases.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// A hash of serde values, fed one 64-bit word at a time. Each word goes through a bijection of
/// the running state (xor, multiply by an odd constant, rotate), so two different histories
/// never meet on the same state before the input differs; the finish mixes every bit into every
/// bit (MurmurHash3's finaliser). Each value is preceded by what it is (a tag per serde kind,
/// the variant index, the length of a sequence, a skipped struct field), so values of different
/// shapes never write the same words.
#[derive(Clone, Debug)]
pub struct StateHash(u64);

impl Default for StateHash {
    fn default() -> Self {
        StateHash(0x243f_6a88_85a3_08d3)
    }
}

/// Kinds of value, written before each value that could otherwise be confused with another.
mod tag {
    pub const NONE: u64 = 1;
    pub const SOME: u64 = 2;
    pub const UNIT: u64 = 3;
    pub const VARIANT: u64 = 4;
    pub const SEQ: u64 = 5;
    pub const MAP: u64 = 6;
    pub const SKIPPED: u64 = 7;
    pub const STR: u64 = 8;
}

impl StateHash {
    /// Feed one word.
    pub fn word(&mut self, w: u64) {
        self.0 = (self.0 ^ w)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(29);
    }

    /// Feed any serializable value.
    pub fn value<T: Serialize + ?Sized>(&mut self, value: &T) {
        // Serializing into the hash cannot fail: every method returns Ok.
        let _ = value.serialize(&mut *self);
    }

    fn variant(&mut self, index: u32) {
        self.word(tag::VARIANT);
        self.word(u64::from(index));
    }

    fn bytes(&mut self, bytes: &[u8]) {
        self.word(tag::STR);
        self.word(bytes.len() as u64);
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            self.word(u64::from_le_bytes(chunk.try_into().expect("eight bytes")));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut last = [0u8; 8];
            last[..rest.len()].copy_from_slice(rest);
            self.word(u64::from_le_bytes(last));
        }
    }

    /// The checksum of everything fed so far.
    pub fn finish(&self) -> u64 {
        let mut h = self.0;
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        h ^ (h >> 33)
    }
}

/// The one error type a serializer needs; hashing never produces it.
#[derive(Debug)]
pub struct Never;

impl std::fmt::Display for Never {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("hashing cannot fail")
    }
}

impl std::error::Error for Never {}

impl ser::Error for Never {
    fn custom<T: std::fmt::Display>(_: T) -> Self {
        Never
    }
}

/// Every integer kind as one word (sign-extended), so a field that changes width keeps its hash.
macro_rules! words {
    ($($method:ident: $t:ty),*) => {
        $(fn $method(self, v: $t) -> Result<(), Never> {
            self.word(v as u64);
            Ok(())
        })*
    };
}

impl ser::Serializer for &mut StateHash {
    type Ok = ();
    type Error = Never;
    type SerializeSeq = Self;
    type SerializeTuple = Self;
    type SerializeTupleStruct = Self;
    type SerializeTupleVariant = Self;
    type SerializeMap = Self;
    type SerializeStruct = Self;
    type SerializeStructVariant = Self;

    words!(serialize_i8: i8, serialize_i16: i16, serialize_i32: i32, serialize_i64: i64,
        serialize_u8: u8, serialize_u16: u16, serialize_u32: u32, serialize_u64: u64);

    fn serialize_bool(self, v: bool) -> Result<(), Never> {
        self.word(u64::from(v));
        Ok(())
    }
    fn serialize_f32(self, v: f32) -> Result<(), Never> {
        self.word(u64::from(v.to_bits()));
        Ok(())
    }
    fn serialize_f64(self, v: f64) -> Result<(), Never> {
        self.word(v.to_bits());
        Ok(())
    }
    fn serialize_char(self, v: char) -> Result<(), Never> {
        self.word(u64::from(v));
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Result<(), Never> {
        self.bytes(v.as_bytes());
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Never> {
        self.bytes(v);
        Ok(())
    }
    fn serialize_none(self) -> Result<(), Never> {
        self.word(tag::NONE);
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Never> {
        self.word(tag::SOME);
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Never> {
        self.word(tag::UNIT);
        Ok(())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<(), Never> {
        self.serialize_unit()
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        index: u32,
        _: &'static str,
    ) -> Result<(), Never> {
        self.variant(index);
        Ok(())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<(), Never> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        index: u32,
        _: &'static str,
        value: &T,
    ) -> Result<(), Never> {
        self.variant(index);
        value.serialize(self)
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Self, Never> {
        // Every sequence the state holds knows its length (u64::MAX stands for one that does not).
        self.word(tag::SEQ);
        self.word(len.map_or(u64::MAX, |n| n as u64));
        Ok(self)
    }
    fn serialize_tuple(self, _: usize) -> Result<Self, Never> {
        Ok(self)
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self, Never> {
        Ok(self)
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        index: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self, Never> {
        self.variant(index);
        Ok(self)
    }
    fn serialize_map(self, len: Option<usize>) -> Result<Self, Never> {
        self.word(tag::MAP);
        self.word(len.map_or(u64::MAX, |n| n as u64));
        Ok(self)
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self, Never> {
        Ok(self)
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        index: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self, Never> {
        self.variant(index);
        Ok(self)
    }
}

/// The compound kinds: their elements in order (a sequence's or map's length went before them).
macro_rules! compound {
    ($($trait:ident: $method:ident),*) => {
        $(impl ser::$trait for &mut StateHash {
            type Ok = ();
            type Error = Never;
            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Never> {
                value.serialize(&mut **self)
            }
            fn end(self) -> Result<(), Never> {
                Ok(())
            }
        })*
    };
}

compound!(SerializeSeq: serialize_element, SerializeTuple: serialize_element,
    SerializeTupleStruct: serialize_field, SerializeTupleVariant: serialize_field);

impl ser::SerializeMap for &mut StateHash {
    type Ok = ();
    type Error = Never;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Never> {
        key.serialize(&mut **self)
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Never> {
        value.serialize(&mut **self)
    }
    fn end(self) -> Result<(), Never> {
        Ok(())
    }
}

/// Struct fields in their declared order, names left out; a field left out of the save
/// (`skip_serializing_if`) writes a tag in its place, so the next field cannot take its place.
macro_rules! fields {
    ($($trait:ident),*) => {
        $(impl ser::$trait for &mut StateHash {
            type Ok = ();
            type Error = Never;
            fn serialize_field<T: Serialize + ?Sized>(
                &mut self,
                _: &'static str,
                value: &T,
            ) -> Result<(), Never> {
                value.serialize(&mut **self)
            }
            fn skip_field(&mut self, _: &'static str) -> Result<(), Never> {
                self.word(tag::SKIPPED);
                Ok(())
            }
            fn end(self) -> Result<(), Never> {
                Ok(())
            }
        })*
    };
}

fields!(SerializeStruct, SerializeStructVariant);

#[cfg(test)]
mod tests {
    use super::{StateHash, fnv1a};
    use serde::Serialize;

    #[test]
    fn fnv1a_matches_the_published_test_vectors() {
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
    }

    fn hash<T: Serialize>(value: &T) -> u64 {
        let mut h = StateHash::default();
        h.value(value);
        h.finish()
    }

    #[derive(Serialize)]
    struct Two {
        #[serde(skip_serializing_if = "Option::is_none")]
        a: Option<u32>,
        #[serde(skip_serializing_if = "Option::is_none")]
        b: Option<u32>,
    }

    #[test]
    fn a_skipped_field_keeps_its_place() {
        assert_ne!(
            hash(&Two {
                a: Some(1),
                b: None
            }),
            hash(&Two {
                a: None,
                b: Some(1)
            })
        );
    }

    #[test]
    fn lists_strings_and_options_of_different_shapes_differ() {
        assert_ne!(hash(&vec!["ab", "c"]), hash(&vec!["a", "bc"]));
        assert_ne!(
            hash(&(vec![1u8], vec![2u8])),
            hash(&(vec![1u8, 2], Vec::<u8>::new()))
        );
        assert_ne!(hash(&Some(0u32)), hash(&None::<u32>));
        assert_ne!(hash(&"abcdefgh"), hash(&"abcdefgh\0"));
    }

    #[test]
    fn the_hash_is_pinned_across_platforms_and_releases() {
        // Saves and replays of record format 2 store this hash: changing it breaks them.
        assert_eq!(
            hash(&(7u32, "Brann", Some(-3i32), vec![true, false])),
            0x1ccc_2007_2b1d_a9bf
        );
    }
}
