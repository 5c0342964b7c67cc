/** Hard repo-repair tasks: three bugs each. See task-types.mjs. */

/** @type {import('./task-types.mjs').Task[]} */
export const HARD_TASKS = [
  {
    id: 'rr-012-async-queue',
    repo: 'async-queue',
    pkg: 'aqueue',
    difficulty: 'hard',
    archetype: 'flaky-test',
    testFiles: { 'tests/test_worker.py': 10, 'tests/test_pool.py': 6 },
    statement:
      'Worker tests fail intermittently in CI, `join()` hangs after a failing job, and the pool starts too few workers.',
    plan: { base: 0, trained: 1 },
    bugs: [
      {
        file: 'tests/test_worker.py',
        code: 'async def test_worker_processes_all(queue, results):\n    for i in range(10):\n        await queue.put(i)\n    await asyncio.sleep(0.01)\n    assert len(results) == 10\n',
        old: '    await asyncio.sleep(0.01)',
        wrong: '    await asyncio.sleep(0.1)',
        fix: '    await queue.join()',
        testFile: 'tests/test_worker.py',
        tests: ['test_worker_processes_all', 'test_results_in_order'],
        call: 'assert len(results) == 10',
        flaky: true,
        e: ['AssertionError: assert 7 == 10', ' +  where 7 = len([0, 1, 2, 3, 4, 5, 6])'],
        why: 'The test sleeps 10 ms and hopes the workers are done; it must wait for the queue with `await queue.join()`.'
      },
      {
        file: 'src/aqueue/worker.py',
        code: '    async def run(self):\n        while True:\n            item = await self.queue.get()\n            try:\n                await self.handler(item)\n                self.queue.task_done()\n            except Exception as exc:\n                self.errors.append(exc)\n',
        old: '                self.errors.append(exc)',
        wrong: '                self.errors.append(exc)\n                raise',
        fix: '                self.errors.append(exc)\n                self.queue.task_done()',
        testFile: 'tests/test_worker.py',
        tests: ['test_join_after_failure'],
        call: 'await asyncio.wait_for(queue.join(), timeout=1.0)',
        e: ['TimeoutError'],
        why: '`task_done()` is only called on success, so a failing job leaves the queue unfinished and `join()` waits forever.'
      },
      {
        file: 'src/aqueue/pool.py',
        code: '    async def start(self):\n        for _ in range(self.concurrency - 1):\n            self._tasks.append(asyncio.create_task(self._worker()))\n',
        old: '        for _ in range(self.concurrency - 1):',
        wrong: '        for _ in range(self.concurrency + 1):',
        fix: '        for _ in range(self.concurrency):',
        testFile: 'tests/test_pool.py',
        tests: ['test_concurrency_limit', 'test_spawns_n_workers'],
        call: 'assert len(pool._tasks) == 4',
        e: ['AssertionError: assert 3 == 4'],
        eWrong: ['AssertionError: assert 5 == 4'],
        why: 'The pool starts `concurrency - 1` workers; it should start exactly `concurrency`.'
      }
    ]
  },
  {
    id: 'rr-013-markdown-toc',
    repo: 'markdown-toc',
    pkg: 'mdtoc',
    difficulty: 'hard',
    archetype: 'import-error',
    testFiles: { 'tests/test_toc.py': 10, 'tests/test_slugs.py': 5 },
    statement:
      'Importing `mdtoc` fails with a circular import; once fixed, heading levels and duplicate anchors are also wrong.',
    plan: { base: 2, trained: 0 },
    bugs: [
      {
        file: 'src/mdtoc/headings.py',
        code: 'import re\nfrom mdtoc.render import slugify\n',
        old: 'from mdtoc.render import slugify',
        wrong: 'from .render import slugify',
        fix: 'from mdtoc.text import slugify',
        testFile: 'tests/test_toc.py',
        tests: ['test_build_toc', 'test_empty_document', 'test_code_blocks_ignored', 'test_setext_headings'],
        collection: { importLine: 'from mdtoc import build_toc' },
        e: [
          "ImportError: cannot import name 'slugify' from partially initialized module 'mdtoc.render' (most likely due to a circular import) (/workspace/markdown-toc/src/mdtoc/render.py)"
        ],
        why: '`render` imports `headings` and `headings` imports `render`; `slugify` actually lives in `mdtoc.text`, which breaks the cycle.'
      },
      {
        file: 'src/mdtoc/headings.py',
        code: 'def heading_level(match):\n    level = len(match.group(1)) - 1\n    return level\n',
        old: '    level = len(match.group(1)) - 1',
        wrong: '    level = max(1, len(match.group(1)) - 1)',
        fix: '    level = len(match.group(1))',
        testFile: 'tests/test_toc.py',
        tests: ['test_heading_levels', 'test_nested_toc', 'test_max_level_filter'],
        call: 'assert [h.level for h in headings(DOC)] == [1, 2, 2, 3]',
        e: ['AssertionError: assert [0, 1, 1, 2] == [1, 2, 2, 3]'],
        eWrong: ['AssertionError: assert [1, 1, 1, 2] == [1, 2, 2, 3]'],
        why: 'The number of `#` characters already is the level; subtracting 1 makes `# Title` level 0.'
      },
      {
        file: 'src/mdtoc/text.py',
        code: 'def unique_slug(text, seen):\n    base = slugify(text)\n    if base not in seen:\n        seen[base] = 0\n        return base\n    return f"{base}-{seen[base] + 1}"\n',
        old: '    return f"{base}-{seen[base] + 1}"',
        wrong: '    return f"{base}-{len(seen)}"',
        fix: '    seen[base] += 1\n    return f"{base}-{seen[base]}"',
        testFile: 'tests/test_slugs.py',
        tests: ['test_duplicate_headings_unique_anchors', 'test_three_duplicates'],
        call: "assert anchors(['Intro', 'Intro', 'Intro']) == ['intro', 'intro-1', 'intro-2']",
        e: ["AssertionError: assert ['intro', 'intro-1', 'intro-1'] == ['intro', 'intro-1', 'intro-2']"],
        why: 'The duplicate counter is read but never incremented, so the third duplicate reuses `-1`.'
      }
    ]
  },
  {
    id: 'rr-014-money-fx',
    repo: 'money-fx',
    pkg: 'moneyfx',
    difficulty: 'hard',
    archetype: 'wrong-api',
    testFiles: { 'tests/test_history.py': 8, 'tests/test_convert.py': 10 },
    statement: 'After upgrading to pandas 2.2 the rate history is broken, and conversions are off by a cent.',
    plan: { base: 0, trained: 2 },
    bugs: [
      {
        file: 'src/moneyfx/history.py',
        code: '    def record(self, day, currency, rate):\n        row = {"day": pd.Timestamp(day), "currency": currency, "rate": rate}\n        self.df = self.df.append(row, ignore_index=True)\n',
        old: '        self.df = self.df.append(row, ignore_index=True)',
        wrong: '        self.df = pd.concat([self.df, row], ignore_index=True)',
        fix: '        self.df = pd.concat([self.df, pd.DataFrame([row])], ignore_index=True)',
        testFile: 'tests/test_history.py',
        tests: ['test_record_rate', 'test_history_len', 'test_latest_rate'],
        call: "hist.record('2026-03-02', 'EUR', 1.0871)",
        frame: true,
        e: ["AttributeError: 'DataFrame' object has no attribute 'append'"],
        eWrong: [
          "TypeError: cannot concatenate object of type '<class 'dict'>'; only Series and DataFrame objs are valid"
        ],
        why: '`DataFrame.append` was removed in pandas 2.0; wrap the row in a DataFrame and use `pd.concat`.'
      },
      {
        file: 'src/moneyfx/history.py',
        code: '    def daily(self):\n        frame = self.df.set_index("day")\n        return frame.resample("D").mean().ffill()\n',
        old: '        return frame.resample("D").mean().ffill()',
        wrong: '        return frame.resample("D").mean(numeric_only=True)',
        fix: '        return frame.resample("D").mean(numeric_only=True).ffill()',
        testFile: 'tests/test_history.py',
        tests: ['test_daily_average', 'test_gap_filled'],
        call: 'daily = hist.daily()',
        frame: true,
        e: ['TypeError: agg function failed [how->mean,dtype->object]'],
        eWrong: ['AssertionError: assert nan == 1.0871'],
        wrongTests: ['test_gap_filled'],
        why: 'pandas 2 no longer drops the non-numeric `currency` column silently in `mean()`; pass `numeric_only=True` and keep the forward fill.'
      },
      {
        file: 'src/moneyfx/convert.py',
        code: 'def convert(amount: Decimal, rate: float) -> Decimal:\n    rate = Decimal(rate)\n    return (amount * rate).quantize(CENT, rounding=ROUND_HALF_EVEN)\n',
        old: '    rate = Decimal(rate)',
        wrong: '    rate = Decimal(round(rate, 4))',
        fix: '    rate = Decimal(str(rate))',
        testFile: 'tests/test_convert.py',
        tests: ['test_convert_eur_usd', 'test_convert_roundtrip', 'test_convert_small_amount'],
        call: 'assert convert(Decimal("100.00"), 1.087) == Decimal("108.70")',
        e: ["AssertionError: assert Decimal('108.69') == Decimal('108.70')"],
        why: '`Decimal(1.087)` carries the binary float error (1.08699999…); build it from `str(rate)`.'
      }
    ]
  },
  {
    id: 'rr-015-sched-cron',
    repo: 'sched-cron',
    pkg: 'schedcron',
    difficulty: 'hard',
    archetype: 'off-by-one',
    testFiles: { 'tests/test_fields.py': 9, 'tests/test_next_run.py': 11 },
    statement:
      'Cron expressions with weekday fields fire on the wrong day, ranges miss their last value, and DST days are off.',
    plan: { base: 3, trained: 1 },
    bugs: [
      {
        file: 'src/schedcron/fields.py',
        code: 'def cron_weekday(dt):\n    """Cron numbering: Sunday = 0 … Saturday = 6."""\n    return dt.weekday()\n',
        old: '    return dt.weekday()',
        wrong: '    return dt.isoweekday()',
        fix: '    return (dt.weekday() + 1) % 7',
        testFile: 'tests/test_fields.py',
        tests: ['test_weekday_field_monday', 'test_weekday_sunday_zero', 'test_next_run_weekly', 'test_weekday_range'],
        call: 'assert next_run("0 9 * * 1", START) == datetime(2026, 3, 2, 9, 0)',
        e: ['AssertionError: assert datetime.datetime(2026, 3, 3, 9, 0) == datetime.datetime(2026, 3, 2, 9, 0)'],
        eWrong: ['AssertionError: assert 7 == 0', ' +  where 7 = cron_weekday(datetime.datetime(2026, 3, 1, 0, 0))'],
        wrongTests: ['test_weekday_sunday_zero'],
        why: 'Python counts Monday = 0, cron counts Sunday = 0; the mapping is `(weekday() + 1) % 7`.'
      },
      {
        file: 'src/schedcron/fields.py',
        code: 'def expand_range(start, end, step=1):\n    return list(range(start, end, step))\n',
        old: '    return list(range(start, end, step))',
        wrong: '    return list(range(start, end + step, step))',
        fix: '    return list(range(start, end + 1, step))',
        testFile: 'tests/test_fields.py',
        tests: ['test_range_inclusive', 'test_step_in_range', 'test_hours_range'],
        call: 'assert expand_range(1, 5) == [1, 2, 3, 4, 5]',
        e: ['AssertionError: assert [1, 2, 3, 4] == [1, 2, 3, 4, 5]'],
        eWrong: ['AssertionError: assert [0, 15, 30, 45, 60] == [0, 15, 30, 45]'],
        wrongTests: ['test_step_in_range'],
        why: 'Cron ranges are inclusive (`1-5` means 1..5) but `range()` excludes its end.'
      },
      {
        file: 'src/schedcron/next_run.py',
        code: 'def next_run(expr, start, tz=UTC):\n    candidate = start.replace(minute=0, second=0, microsecond=0)\n    while not matches(expr, candidate):\n        candidate = candidate + timedelta(hours=1)\n    return candidate\n',
        old: '        candidate = candidate + timedelta(hours=1)',
        wrong: '        candidate = candidate.replace(hour=candidate.hour + 1)',
        fix: '        candidate = (candidate.astimezone(timezone.utc) + timedelta(hours=1)).astimezone(tz)',
        testFile: 'tests/test_next_run.py',
        tests: ['test_dst_spring_forward', 'test_dst_fall_back'],
        call: 'assert next_run("30 2 * * *", BERLIN_MARCH_28).hour == 3',
        e: [
          'AssertionError: assert 2 == 3',
          " +  where 2 = datetime.datetime(2026, 3, 29, 2, 30, tzinfo=zoneinfo.ZoneInfo(key='Europe/Berlin')).hour"
        ],
        eWrong: ['ValueError: hour must be in 0..23'],
        why: 'Adding hours to an aware local datetime is wall-clock arithmetic; step in UTC and convert back so DST gaps are skipped.'
      }
    ]
  },
  {
    id: 'rr-016-jsonpatch-mini',
    repo: 'jsonpatch-mini',
    pkg: 'jsonpatch_mini',
    difficulty: 'hard',
    archetype: 'wrong-api',
    testFiles: { 'tests/test_pointer.py': 8, 'tests/test_ops.py': 14 },
    statement: 'RFC 6902 conformance tests fail: `-` array appends, escaped pointers and input mutation.',
    plan: { base: 0, trained: 0 },
    bugs: [
      {
        file: 'src/jsonpatch_mini/pointer.py',
        code: 'def split_pointer(pointer: str) -> list[str]:\n    parts = pointer.split("/")\n    return parts\n',
        old: '    parts = pointer.split("/")',
        wrong: '    parts = pointer.strip("/").split("/")',
        fix: '    parts = [p.replace("~1", "/").replace("~0", "~") for p in pointer.split("/")[1:]]',
        testFile: 'tests/test_pointer.py',
        tests: ['test_pointer_escapes', 'test_pointer_root', 'test_remove_nested'],
        call: 'apply_patch(doc, [{"op": "remove", "path": "/a/b"}])',
        frame: true,
        e: ["jsonpatch_mini.errors.PointerError: invalid pointer segment '' in '/a/b'"],
        eWrong: ["AssertionError: assert ['a~1b'] == ['a/b']"],
        wrongTests: ['test_pointer_escapes', 'test_pointer_root'],
        why: 'A JSON pointer starts with `/`, so the first split segment is empty; segments also need `~1` → `/` and `~0` → `~` unescaping.'
      },
      {
        file: 'src/jsonpatch_mini/ops.py',
        code: 'def _add(target, key, value):\n    if isinstance(target, list):\n        if key == "-":\n            target.insert(len(target) - 1, value)\n            return\n        target.insert(int(key), value)\n    else:\n        target[key] = value\n',
        old: '            target.insert(len(target) - 1, value)',
        wrong: '            target.insert(-1, value)',
        fix: '            target.append(value)',
        testFile: 'tests/test_ops.py',
        tests: ['test_add_end_of_array', 'test_add_dash_index'],
        call: 'assert apply_patch([1, 2], [{"op": "add", "path": "/-", "value": 3}]) == [1, 2, 3]',
        e: ['AssertionError: assert [1, 3, 2] == [1, 2, 3]'],
        why: '`-` means "after the last element"; inserting at `len - 1` puts the value before the last one.'
      },
      {
        file: 'src/jsonpatch_mini/ops.py',
        code: 'def apply_patch(doc, patch):\n    result = copy.copy(doc)\n    for op in patch:\n        result = _apply_one(result, op)\n    return result\n',
        old: '    result = copy.copy(doc)',
        wrong: '    result = dict(doc)',
        fix: '    result = copy.deepcopy(doc)',
        testFile: 'tests/test_ops.py',
        tests: ['test_apply_does_not_mutate_input', 'test_test_op_failure_rolls_back'],
        call: "assert original == {'a': {'b': 1}}",
        e: ["AssertionError: assert {'a': {'b': 2}} == {'a': {'b': 1}}"],
        why: "A shallow copy shares nested objects, so patching nested paths mutates the caller's document; use `copy.deepcopy`."
      }
    ]
  }
]
