/** Medium repo-repair tasks: two bugs each. See task-types.mjs. */

/** @type {import('./task-types.mjs').Task[]} */
export const MEDIUM_TASKS = [
  {
    id: 'rr-006-invoice-calc',
    repo: 'invoice-calc',
    pkg: 'invoice_calc',
    difficulty: 'medium',
    archetype: 'wrong-api',
    testFiles: { 'tests/test_money.py': 7, 'tests/test_tax.py': 5 },
    statement: 'Invoice totals crash on `Decimal` rounding, and regional tax is ignored for lower-case region codes.',
    plan: { base: 1, trained: 3 },
    bugs: [
      {
        file: 'src/invoice_calc/money.py',
        code: 'def round_money(amount: Decimal) -> Decimal:\n    """Round to cents, half up, as invoices require."""\n    return amount.round(2)\n',
        old: '    return amount.round(2)',
        wrong: '    return round(amount, 2)',
        fix: '    return amount.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)',
        testFile: 'tests/test_money.py',
        tests: ['test_line_total_rounding', 'test_invoice_total', 'test_tax_rounding_half_up'],
        call: 'total = invoice_total([Line("widget", Decimal("3.335"), 3)])',
        frame: true,
        e: ["AttributeError: 'decimal.Decimal' object has no attribute 'round'"],
        eWrong: ["AssertionError: assert Decimal('10.00') == Decimal('10.01')"],
        wrongTests: ['test_tax_rounding_half_up'],
        why: '`Decimal` has no `.round()`; `round(x, 2)` uses banker\'s rounding. Invoices need `quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)`.'
      },
      {
        file: 'src/invoice_calc/tax.py',
        code: 'def tax_for(region: str, net: Decimal) -> Decimal:\n    rate = TAX_RATES.get(region, Decimal("0"))\n    return round_money(net * rate)\n',
        old: '    rate = TAX_RATES.get(region, Decimal("0"))',
        wrong: '    rate = TAX_RATES[region.upper()]',
        fix: '    rate = TAX_RATES.get(region.upper(), Decimal("0"))',
        testFile: 'tests/test_tax.py',
        tests: ['test_tax_region_case_insensitive', 'test_invoice_total_with_tax'],
        call: 'assert gross("de", Decimal("100.00")) == Decimal("119.00")',
        e: ["AssertionError: assert Decimal('100.00') == Decimal('119.00')"],
        eWrong: ["KeyError: 'ZZ'"],
        wrongTests: ['test_unknown_region_zero_tax'],
        why: '`TAX_RATES` is keyed by upper-case codes; normalise with `region.upper()` but keep the `.get` default for unknown regions.'
      }
    ]
  },
  {
    id: 'rr-007-lru-cache',
    repo: 'lru-cache',
    pkg: 'lrucache',
    difficulty: 'medium',
    archetype: 'flaky-test',
    testFiles: { 'tests/test_cache.py': 9 },
    statement: 'CI is flaky: TTL tests fail intermittently and eviction sometimes drops the wrong entry.',
    plan: { base: 0, trained: 2 },
    bugs: [
      {
        file: 'src/lrucache/cache.py',
        code: '    def _expired(self, entry):\n        now = time.time()\n        return now - entry.created > self.ttl\n',
        old: '        now = time.time()',
        wrong: '        now = round(time.time(), 3)',
        fix: '        now = time.monotonic()',
        testFile: 'tests/test_cache.py',
        tests: ['test_ttl_expiry', 'test_ttl_refresh_on_get'],
        call: "assert cache.get('k1') is None",
        flaky: true,
        e: [
          "AssertionError: assert 'v1' is None",
          " +  where 'v1' = <bound method LRUCache.get of LRUCache(size=1, ttl=0.05)>('k1')"
        ],
        why: 'The tests advance a fake `time.monotonic`, but the cache reads the wall clock `time.time()`, so expiry depends on real timing.'
      },
      {
        file: 'src/lrucache/cache.py',
        code: '    def _evict(self):\n        while len(self._data) > self.maxsize:\n            self._data.popitem(last=True)\n',
        old: '            self._data.popitem(last=True)',
        wrong: '            self._data.pop(next(reversed(self._data)))',
        fix: '            self._data.popitem(last=False)',
        testFile: 'tests/test_cache.py',
        tests: ['test_evicts_least_recently_used', 'test_get_promotes_entry'],
        call: "assert list(cache.keys()) == ['b', 'c']",
        e: ["AssertionError: assert ['a', 'b'] == ['b', 'c']", "  At index 0 diff: 'a' != 'b'"],
        why: '`popitem(last=True)` removes the most recently used entry; LRU eviction must pop from the front (`last=False`).'
      }
    ]
  },
  {
    id: 'rr-008-dateparse-lite',
    repo: 'dateparse-lite',
    pkg: 'dateparse',
    difficulty: 'medium',
    archetype: 'off-by-one',
    testFiles: { 'tests/test_parse.py': 9, 'tests/test_validate.py': 5 },
    statement: 'Dates with month names parse one month early, and 29 February is rejected even in leap years.',
    plan: { base: 1, trained: 3 },
    bugs: [
      {
        file: 'src/dateparse/parse.py',
        code: 'def month_number(name: str) -> int:\n    """1-based month number for an English month name or abbreviation."""\n    return MONTHS.index(name[:3].lower())\n',
        old: '    return MONTHS.index(name[:3].lower())',
        wrong: '    return MONTHS.index(name.lower()) + 1',
        fix: '    return MONTHS.index(name[:3].lower()) + 1',
        testFile: 'tests/test_parse.py',
        tests: ['test_parse_month_name', 'test_parse_abbrev', 'test_parse_full_text_date', 'test_roundtrip_format'],
        call: 'assert parse_date("14 March 2024") == date(2024, 3, 14)',
        e: ['AssertionError: assert datetime.date(2024, 2, 14) == datetime.date(2024, 3, 14)'],
        eWrong: ["ValueError: 'march' is not in list"],
        wrongTests: ['test_parse_month_name', 'test_parse_full_text_date'],
        why: '`MONTHS.index` is 0-based but months are 1-based; add 1 (and keep the 3-letter prefix so full names still work).'
      },
      {
        file: 'src/dateparse/validate.py',
        code: 'def check_day(year: int, month: int, day: int) -> None:\n    if day > DAYS_IN_MONTH[month]:\n        raise InvalidDate(f"day {day} out of range for month {month}")\n',
        old: '    if day > DAYS_IN_MONTH[month]:',
        wrong: '    if day >= DAYS_IN_MONTH[month] + 1:',
        fix: '    if day > DAYS_IN_MONTH[month] + (month == 2 and is_leap(year)):',
        testFile: 'tests/test_validate.py',
        tests: ['test_leap_day_valid', 'test_leap_day_2000'],
        call: 'check_day(2024, 2, 29)',
        frame: true,
        e: ['dateparse.errors.InvalidDate: day 29 out of range for month 2'],
        why: '`DAYS_IN_MONTH[2]` is 28; leap years need one more day, so add `month == 2 and is_leap(year)` to the bound.'
      }
    ]
  },
  {
    id: 'rr-009-mini-template',
    repo: 'mini-template',
    pkg: 'minitpl',
    difficulty: 'medium',
    archetype: 'wrong-api',
    testFiles: { 'tests/test_render.py': 8, 'tests/test_filters.py': 3 },
    statement: 'The renderer no longer imports on Python 3.11, and user content is not HTML-escaped by default.',
    plan: { base: 2, trained: 4 },
    bugs: [
      {
        file: 'src/minitpl/render.py',
        code: 'import re\nfrom cgi import escape\n',
        old: 'from cgi import escape',
        wrong: 'from cgi import escape as _escape',
        fix: 'from html import escape',
        testFile: 'tests/test_render.py',
        tests: [
          'test_plain_text',
          'test_variable',
          'test_loop',
          'test_if_block',
          'test_nested_context',
          'test_missing_variable'
        ],
        collection: { importLine: 'from minitpl.render import Template' },
        e: ["ImportError: cannot import name 'escape' from 'cgi' (/usr/lib/python3.11/cgi.py)"],
        why: '`cgi.escape` was removed in Python 3.8; `html.escape` is the replacement (and escapes quotes too).'
      },
      {
        file: 'src/minitpl/render.py',
        code: '    def render(self, context, autoescape=False):\n        out = [self._render_node(node, context, autoescape) for node in self.nodes]\n        return "".join(out)\n',
        old: '    def render(self, context, autoescape=False):',
        wrong: '    def render(self, context, autoescape=None):',
        fix: '    def render(self, context, autoescape=True):',
        testFile: 'tests/test_render.py',
        tests: ['test_autoescape_default', 'test_script_tag_escaped'],
        call: 'assert Template("<p>{{ body }}</p>").render({"body": payload}) == expected',
        e: [
          "AssertionError: assert '<p><script>alert(1)</script></p>' == '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'"
        ],
        why: 'Autoescaping is off by default, so `<script>alert(1)</script>` from the context is emitted raw; it must default to True.'
      }
    ]
  },
  {
    id: 'rr-010-kvstore',
    repo: 'kvstore',
    pkg: 'kvstore',
    difficulty: 'medium',
    archetype: 'flaky-test',
    testFiles: { 'tests/test_store.py': 8 },
    statement:
      'Store tests pass alone but fail when run in parallel or after a previous run; deleting a missing key crashes.',
    plan: { base: 0, trained: 3 },
    bugs: [
      {
        file: 'tests/conftest.py',
        code: '@pytest.fixture\ndef store():\n    return KVStore("/tmp/kvstore-test.db")\n',
        old: 'def store():\n    return KVStore("/tmp/kvstore-test.db")',
        wrong: 'def store():\n    return KVStore("/tmp/kvstore-test-%d.db" % os.getpid())',
        fix: 'def store(tmp_path):\n    return KVStore(tmp_path / "kvstore-test.db")',
        testFile: 'tests/test_store.py',
        tests: ['test_keys_empty_on_new_store', 'test_len_counts_keys'],
        call: 'assert store.keys() == []',
        flaky: true,
        e: [
          "AssertionError: assert ['alpha', 'beta'] == []",
          "  Left contains 2 more items, first extra item: 'alpha'"
        ],
        why: 'Every test opens the same `/tmp/kvstore-test.db`, so data leaks between tests and runs; use the per-test `tmp_path` fixture.'
      },
      {
        file: 'src/kvstore/store.py',
        code: '    def delete(self, key):\n        self._data.pop(key)\n        self._flush()\n',
        old: '        self._data.pop(key)',
        wrong: '        del self._data[key]',
        fix: '        self._data.pop(key, None)',
        testFile: 'tests/test_store.py',
        tests: ['test_delete_missing_is_noop'],
        call: "store.delete('missing')",
        frame: true,
        e: ["KeyError: 'missing'"],
        why: '`delete` is documented as a no-op for missing keys, but `dict.pop(key)` raises KeyError; pass a default.'
      }
    ]
  },
  {
    id: 'rr-011-graph-utils',
    repo: 'graph-utils',
    pkg: 'graphutils',
    difficulty: 'medium',
    archetype: 'off-by-one',
    testFiles: { 'tests/test_bfs.py': 7, 'tests/test_paths.py': 6 },
    statement: 'Depth-limited BFS misses nodes at the maximum depth and shortest paths drop their source node.',
    plan: { base: 1, trained: 2 },
    bugs: [
      {
        file: 'src/graphutils/bfs.py',
        code: 'def within(graph, start, max_depth):\n    seen, frontier = {start}, [start]\n    for depth in range(max_depth - 1):\n        frontier = [n for f in frontier for n in graph[f] if n not in seen]\n        seen.update(frontier)\n    return seen\n',
        old: '    for depth in range(max_depth - 1):',
        wrong: '    for depth in range(1, max_depth):',
        fix: '    for depth in range(max_depth):',
        testFile: 'tests/test_bfs.py',
        tests: ['test_neighbors_within_depth_2', 'test_bfs_depth_limit', 'test_shortest_path_len'],
        call: "assert within(G, 'a', 2) == {'a', 'b', 'c'}",
        e: ["AssertionError: assert {'a', 'b'} == {'a', 'b', 'c'}", '  Extra items in the right set:', "  'c'"],
        why: 'The loop runs `max_depth - 1` times, so nodes exactly at `max_depth` are never reached; iterate `range(max_depth)`.'
      },
      {
        file: 'src/graphutils/paths.py',
        code: 'def shortest_path(graph, start, goal):\n    parent = _bfs_parents(graph, start)\n    node = goal\n    path = [node]\n    while node != start:\n        node = parent[node]\n        path.append(node)\n    path.reverse()\n    return path[1:]\n',
        old: '    return path[1:]',
        wrong: '    return path[:-1]',
        fix: '    return path',
        testFile: 'tests/test_paths.py',
        tests: ['test_shortest_path_includes_source', 'test_path_single_node'],
        call: "assert shortest_path(G, 'a', 'c') == ['a', 'b', 'c']",
        e: ["AssertionError: assert ['b', 'c'] == ['a', 'b', 'c']"],
        eWrong: ["AssertionError: assert ['a', 'b'] == ['a', 'b', 'c']"],
        why: 'The reconstructed path already starts at `start`; slicing `[1:]` drops the source node.'
      }
    ]
  }
]
