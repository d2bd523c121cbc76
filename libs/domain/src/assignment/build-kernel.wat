;; The network build's two inner loops (build-kernel.ts). Its bytes there are `wat2wasm build-kernel.wat`
;; (Debian package wabt); build-kernel.spec.ts checks that both functions give exactly the results of the
;; JavaScript loops (the same floating-point operations in the same order).
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
        (br $terms))))
  ;; collect(m, mark, room, scores, bidRank, bidValue, subject, textWeight, scale, candSlot, candCost) -> n:
  ;; for every slot s < m not marked (mark u8 = 0) and with room (i32 > 0), in slot order:
  ;; candSlot[n] = s, candCost[n] = -round((bid + subject[s] + textWeight * scores[s]) * scale) where bid is
  ;; bidValue[bidRank[s]] (i8, -1: none, 0.0) and round is JavaScript's Math.round (ties toward +infinity)
  (func (export "collect")
    (param $m i32) (param $mark i32) (param $room i32) (param $scores i32) (param $bidRank i32)
    (param $bidValue i32) (param $subject i32) (param $textWeight f64) (param $scale f64)
    (param $candSlot i32) (param $candCost i32) (result i32)
    (local $s i32) (local $n i32) (local $rank i32) (local $bid f64) (local $x f64) (local $r f64)
    (block $done
      (loop $slots
        (br_if $done (i32.ge_s (local.get $s) (local.get $m)))
        (if (i32.and
              (i32.eqz (i32.load8_u (i32.add (local.get $mark) (local.get $s))))
              (i32.gt_s (i32.load (i32.add (local.get $room) (i32.shl (local.get $s) (i32.const 2)))) (i32.const 0)))
          (then
            (local.set $rank (i32.load8_s (i32.add (local.get $bidRank) (local.get $s))))
            (local.set $bid
              (if (result f64) (i32.ge_s (local.get $rank) (i32.const 0))
                (then (f64.load (i32.add (local.get $bidValue) (i32.shl (local.get $rank) (i32.const 3)))))
                (else (f64.const 0))))
            (local.set $x
              (f64.mul
                (f64.add
                  (f64.add (local.get $bid) (f64.load (i32.add (local.get $subject) (i32.shl (local.get $s) (i32.const 3)))))
                  (f64.mul (local.get $textWeight) (f64.load (i32.add (local.get $scores) (i32.shl (local.get $s) (i32.const 3))))))
                (local.get $scale)))
            ;; Math.round(x): ceil(x), less one when ceil(x) - 0.5 > x
            (local.set $r (f64.ceil (local.get $x)))
            (if (f64.gt (f64.sub (local.get $r) (f64.const 0.5)) (local.get $x))
              (then (local.set $r (f64.sub (local.get $r) (f64.const 1)))))
            (i32.store (i32.add (local.get $candSlot) (i32.shl (local.get $n) (i32.const 2))) (local.get $s))
            (i32.store (i32.add (local.get $candCost) (i32.shl (local.get $n) (i32.const 2)))
              (i32.trunc_sat_f64_s (f64.neg (local.get $r))))
            (local.set $n (i32.add (local.get $n) (i32.const 1)))))
        (local.set $s (i32.add (local.get $s) (i32.const 1)))
        (br $slots)))
    (local.get $n)))
