;; Words of a text to term ids (text-kernel.ts). Its bytes there are `wat2wasm text-kernel.wat` (Debian package
;; wabt); text-kernel.spec.ts checks that it gives the term ids of the JavaScript tokenizer.
;;
;; Memory (byte offsets fixed by the caller, passed as arguments): `fold` is 256 bytes mapping a byte to its
;; lower-case letter or digit (a-z, 0-9) or to 0 for a separator; the table has `mask + 1` i32 slots, each 0
;; (empty) or 1 + an entry number; an entry is 4 i32 (hash, arena offset, length, term id: -1 for a dropped
;; word); the arena holds the entries' words (folded bytes).
(module
  (import "env" "memory" (memory 1))
  ;; scan(text, length, pos, out, fold, table, mask, entries, arena, state) -> position
  ;; Reads text[pos .. length) word by word (a word: a run of letters and digits, two or more long) and
  ;; appends the term id of each known word with an id >= 0 to out (i32). Stops at the end (returns length)
  ;; or before a word not in the table (returns its start; state[1] = its end, state[2] = its hash). state[0]
  ;; is the count of ids in out, read and written here.
  (func (export "scan")
    (param $text i32) (param $length i32) (param $pos i32) (param $out i32) (param $fold i32)
    (param $table i32) (param $mask i32) (param $entries i32) (param $arena i32) (param $state i32)
    (result i32)
    (local $n i32) (local $i i32) (local $c i32) (local $start i32) (local $h i32) (local $slot i32)
    (local $e i32) (local $len i32) (local $k i32) (local $a i32) (local $id i32)
    (local.set $n (i32.load (local.get $state)))
    (local.set $i (local.get $pos))
    (block $end
      (loop $words
        ;; skip separators
        (block $found
          (loop $skip
            (br_if $end (i32.ge_u (local.get $i) (local.get $length)))
            (br_if $found (i32.load8_u (i32.add (local.get $fold) (i32.load8_u (i32.add (local.get $text) (local.get $i))))))
            (local.set $i (i32.add (local.get $i) (i32.const 1)))
            (br $skip)))
        ;; the word: its end and hash (h = h * 31 + c over the folded bytes)
        (local.set $start (local.get $i))
        (local.set $h (i32.const 0))
        (block $wordEnd
          (loop $word
            (br_if $wordEnd (i32.ge_u (local.get $i) (local.get $length)))
            (local.set $c (i32.load8_u (i32.add (local.get $fold) (i32.load8_u (i32.add (local.get $text) (local.get $i))))))
            (br_if $wordEnd (i32.eqz (local.get $c)))
            (local.set $h (i32.add (i32.mul (local.get $h) (i32.const 31)) (local.get $c)))
            (local.set $i (i32.add (local.get $i) (i32.const 1)))
            (br $word)))
        (local.set $len (i32.sub (local.get $i) (local.get $start)))
        (if (i32.ge_u (local.get $len) (i32.const 2))
          (then
            ;; look it up: linear probing from (h ^ h >>> 15) & mask
            (local.set $slot (i32.and (i32.xor (local.get $h) (i32.shr_u (local.get $h) (i32.const 15))) (local.get $mask)))
            (local.set $id (i32.const -2))
            (block $looked
              (loop $probe
                (local.set $e (i32.load (i32.add (local.get $table) (i32.shl (local.get $slot) (i32.const 2)))))
                (br_if $looked (i32.eqz (local.get $e)))
                (local.set $a (i32.add (local.get $entries) (i32.shl (i32.sub (local.get $e) (i32.const 1)) (i32.const 4))))
                (if (i32.and
                      (i32.eq (i32.load (local.get $a)) (local.get $h))
                      (i32.eq (i32.load offset=8 (local.get $a)) (local.get $len)))
                  (then
                    ;; compare the folded bytes with the arena's
                    (local.set $k (i32.const 0))
                    (block $differ
                      (loop $compare
                        (if (i32.ge_u (local.get $k) (local.get $len))
                          (then
                            (local.set $id (i32.load offset=12 (local.get $a)))
                            (br $looked)))
                        (br_if $differ (i32.ne
                          (i32.load8_u (i32.add (i32.add (local.get $arena) (i32.load offset=4 (local.get $a))) (local.get $k)))
                          (i32.load8_u (i32.add (local.get $fold)
                            (i32.load8_u (i32.add (local.get $text) (i32.add (local.get $start) (local.get $k))))))))
                        (local.set $k (i32.add (local.get $k) (i32.const 1)))
                        (br $compare)))))
                (local.set $slot (i32.and (i32.add (local.get $slot) (i32.const 1)) (local.get $mask)))
                (br $probe)))
            (if (i32.eq (local.get $id) (i32.const -2))
              (then
                ;; unknown: the caller adds it and calls again from its start
                (i32.store (local.get $state) (local.get $n))
                (i32.store offset=4 (local.get $state) (local.get $i))
                (i32.store offset=8 (local.get $state) (local.get $h))
                (return (local.get $start))))
            (if (i32.ge_s (local.get $id) (i32.const 0))
              (then
                (i32.store (i32.add (local.get $out) (i32.shl (local.get $n) (i32.const 2))) (local.get $id))
                (local.set $n (i32.add (local.get $n) (i32.const 1)))))))
        (br $words)))
    (i32.store (local.get $state) (local.get $n))
    (local.get $length)))
