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
            ;; Math.round(x): ceil(x), less one when ceil(x) - 0.5 > x (a select, not a branch: that test is
            ;; a coin toss the processor would mispredict half of the time)
            (local.set $r (f64.ceil (local.get $x)))
            (local.set $r
              (f64.sub (local.get $r)
                (select (f64.const 1) (f64.const 0)
                  (f64.gt (f64.sub (local.get $r) (f64.const 0.5)) (local.get $x)))))
            (i32.store (i32.add (local.get $candSlot) (i32.shl (local.get $n) (i32.const 2))) (local.get $s))
            (i32.store (i32.add (local.get $candCost) (i32.shl (local.get $n) (i32.const 2)))
              (i32.trunc_sat_f64_s (f64.neg (local.get $r))))
            (local.set $n (i32.add (local.get $n) (i32.const 1)))))
        (local.set $s (i32.add (local.get $s) (i32.const 1)))
        (br $slots)))
    (local.get $n))
  ;; cutPrepare(n, keep, cost, counts, select) -> inBucket: the first step of keeping the `keep` cheapest of
  ;; cost[0..n) (keep < n): a histogram of the costs in fewer than 256 buckets of width 2^shift from the least
  ;; cost (counts: 257 i32), the bucket holding the keep-th cheapest, its costs copied into select (returns
  ;; how many) and the number of costs in the buckets below it stored in counts[256]. The caller finds the
  ;; threshold among them (the (keep - 1 - below)-th smallest) and calls cutApply.
  (func (export "cutPrepare")
    (param $n i32) (param $keep i32) (param $cost i32) (param $counts i32) (param $select i32) (result i32)
    (local $i i32) (local $c i32) (local $lo i32) (local $hi i32) (local $shift i32) (local $bucket i32)
    (local $before i32) (local $in i32) (local $a i32)
    (local.set $lo (i32.load (local.get $cost)))
    (local.set $hi (local.get $lo))
    (local.set $i (i32.const 1))
    (block $done
      (loop $range
        (br_if $done (i32.ge_s (local.get $i) (local.get $n)))
        (local.set $c (i32.load (i32.add (local.get $cost) (i32.shl (local.get $i) (i32.const 2)))))
        (local.set $lo (select (local.get $c) (local.get $lo) (i32.lt_s (local.get $c) (local.get $lo))))
        (local.set $hi (select (local.get $c) (local.get $hi) (i32.gt_s (local.get $c) (local.get $hi))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $range)))
    (block $wide
      (loop $widen
        (br_if $wide (i32.lt_s (i32.shr_s (i32.sub (local.get $hi) (local.get $lo)) (local.get $shift)) (i32.const 256)))
        (local.set $shift (i32.add (local.get $shift) (i32.const 1)))
        (br $widen)))
    (local.set $i (i32.const 0))
    (block $cleared
      (loop $clear
        (br_if $cleared (i32.ge_s (local.get $i) (i32.const 256)))
        (i32.store (i32.add (local.get $counts) (i32.shl (local.get $i) (i32.const 2))) (i32.const 0))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $clear)))
    (local.set $i (i32.const 0))
    (block $counted
      (loop $count
        (br_if $counted (i32.ge_s (local.get $i) (local.get $n)))
        (local.set $a (i32.add (local.get $counts)
          (i32.shl
            (i32.shr_s (i32.sub (i32.load (i32.add (local.get $cost) (i32.shl (local.get $i) (i32.const 2)))) (local.get $lo))
              (local.get $shift))
            (i32.const 2))))
        (i32.store (local.get $a) (i32.add (i32.load (local.get $a)) (i32.const 1)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $count)))
    (block $found
      (loop $find
        (local.set $c (i32.load (i32.add (local.get $counts) (i32.shl (local.get $bucket) (i32.const 2)))))
        (br_if $found (i32.ge_s (i32.add (local.get $before) (local.get $c)) (local.get $keep)))
        (local.set $before (i32.add (local.get $before) (local.get $c)))
        (local.set $bucket (i32.add (local.get $bucket) (i32.const 1)))
        (br $find)))
    (local.set $i (i32.const 0))
    (block $gathered
      (loop $gather
        (br_if $gathered (i32.ge_s (local.get $i) (local.get $n)))
        (local.set $c (i32.load (i32.add (local.get $cost) (i32.shl (local.get $i) (i32.const 2)))))
        (i32.store (i32.add (local.get $select) (i32.shl (local.get $in) (i32.const 2))) (local.get $c))
        (local.set $in (i32.add (local.get $in)
          (i32.eq (i32.shr_s (i32.sub (local.get $c) (local.get $lo)) (local.get $shift)) (local.get $bucket))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $gather)))
    (i32.store offset=1024 (local.get $counts) (local.get $before))
    (local.get $in))
  ;; cutApply(n, keep, threshold, slot, cost) -> keep: keeps, in order, the costs below the threshold and the
  ;; first (keep - those) equal to it, compacting slot/cost in place
  (func (export "cutApply")
    (param $n i32) (param $keep i32) (param $threshold i32) (param $slot i32) (param $cost i32) (result i32)
    (local $i i32) (local $c i32) (local $below i32) (local $ties i32) (local $out i32) (local $tie i32)
    (block $counted
      (loop $count
        (br_if $counted (i32.ge_s (local.get $i) (local.get $n)))
        (local.set $below (i32.add (local.get $below)
          (i32.lt_s (i32.load (i32.add (local.get $cost) (i32.shl (local.get $i) (i32.const 2)))) (local.get $threshold))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $count)))
    (local.set $ties (i32.sub (local.get $keep) (local.get $below)))
    (local.set $i (i32.const 0))
    (block $done
      (loop $compact
        (br_if $done (i32.ge_s (local.get $i) (local.get $n)))
        (local.set $c (i32.load (i32.add (local.get $cost) (i32.shl (local.get $i) (i32.const 2)))))
        ;; out <= i: slot/cost[out] was read already, so writing it for a candidate not kept is harmless
        (i32.store (i32.add (local.get $slot) (i32.shl (local.get $out) (i32.const 2)))
          (i32.load (i32.add (local.get $slot) (i32.shl (local.get $i) (i32.const 2)))))
        (i32.store (i32.add (local.get $cost) (i32.shl (local.get $out) (i32.const 2))) (local.get $c))
        (local.set $tie (i32.and (i32.eq (local.get $c) (local.get $threshold)) (i32.gt_s (local.get $ties) (i32.const 0))))
        (local.set $ties (i32.sub (local.get $ties) (local.get $tie)))
        (local.set $out (i32.add (local.get $out)
          (i32.or (i32.lt_s (local.get $c) (local.get $threshold)) (local.get $tie))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $compact)))
    (local.get $out)))
