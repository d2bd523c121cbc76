;; The text-score kernel of scatter.ts. Its bytes there are `wat2wasm scatter.wat` (Debian package wabt);
;; scatter.spec.ts checks that it gives exactly the sums of the JavaScript loop (InvertedIndex.accumulate).
(module
  (import "env" "memory" (memory 1))
  ;; out[ids[i]] += qw[k] * weights[i] for every query term k in [0, n) and posting i of its term, terms in order;
  ;; every argument is a byte offset into memory except n and last (postings start has last + 1 entries)
  (func (export "accumulate")
    (param $qt i32) (param $qw i32) (param $n i32)
    (param $start i32) (param $last i32) (param $ids i32) (param $w i32) (param $out i32)
    (local $k i32) (local $t i32) (local $wq f64) (local $i i32) (local $end i32) (local $a i32)
    (block $done
      (loop $terms
        (br_if $done (i32.ge_u (local.get $k) (local.get $n)))
        (local.set $t (i32.load (i32.add (local.get $qt) (i32.shl (local.get $k) (i32.const 2)))))
        (if (i32.lt_u (local.get $t) (local.get $last))
          (then
            (local.set $wq (f64.load (i32.add (local.get $qw) (i32.shl (local.get $k) (i32.const 3)))))
            (local.set $i (i32.load (i32.add (local.get $start) (i32.shl (local.get $t) (i32.const 2)))))
            (local.set $end (i32.load offset=4 (i32.add (local.get $start) (i32.shl (local.get $t) (i32.const 2)))))
            (block $postings_done
              (loop $postings
                (br_if $postings_done (i32.ge_s (local.get $i) (local.get $end)))
                (local.set $a (i32.add (local.get $out)
                  (i32.shl (i32.load (i32.add (local.get $ids) (i32.shl (local.get $i) (i32.const 2)))) (i32.const 3))))
                (f64.store (local.get $a)
                  (f64.add (f64.load (local.get $a))
                    (f64.mul (local.get $wq) (f64.load (i32.add (local.get $w) (i32.shl (local.get $i) (i32.const 3)))))))
                (local.set $i (i32.add (local.get $i) (i32.const 1)))
                (br $postings)))))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $terms)))))
