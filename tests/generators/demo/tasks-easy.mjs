/**
 * Easy repo-repair tasks: one bug each. See task-types.mjs for the shape of a task.
 * `plan` = how many of the 4 rollouts succeed for the base and the trained model.
 */

/** @type {import('./task-types.mjs').Task[]} */
export const EASY_TASKS = [
  {
    id: 'rr-001-tinycsv',
    repo: 'tinycsv',
    pkg: 'tinycsv',
    difficulty: 'easy',
    archetype: 'import-error',
    testFiles: { 'tests/test_reader.py': 5, 'tests/test_writer.py': 3 },
    statement: 'Importing `tinycsv.reader` fails, so the whole reader test module errors during collection.',
    plan: { base: 2, trained: 4 },
    bugs: [
      {
        file: 'src/tinycsv/reader.py',
        code: 'from tinycsv.quoting import split_quoted\n',
        old: 'from tinycsv.quoting import split_quoted',
        wrong: 'from .quoting import split_quoted',
        fix: 'from tinycsv._quoting import split_quoted',
        testFile: 'tests/test_reader.py',
        tests: [
          'test_parse_simple',
          'test_parse_quoted',
          'test_parse_empty_field',
          'test_read_rows',
          'test_custom_delimiter'
        ],
        collection: { importLine: 'from tinycsv.reader import parse_row, read_rows' },
        e: ["ModuleNotFoundError: No module named 'tinycsv.quoting'"],
        why: 'The quoting helpers live in `tinycsv/_quoting.py` (leading underscore); the import still uses the old module name.'
      }
    ]
  },
  {
    id: 'rr-002-slugify-lite',
    repo: 'slugify-lite',
    pkg: 'slugify_lite',
    difficulty: 'easy',
    archetype: 'off-by-one',
    testFiles: { 'tests/test_slugify.py': 6 },
    statement: 'Slugs that hit `max_length` come out one character short.',
    plan: { base: 3, trained: 4 },
    bugs: [
      {
        file: 'src/slugify_lite/core.py',
        code: 'def slugify(text, max_length=None, sep="-"):\n    """Lower-case `text`, replace runs of non-alphanumerics by `sep`."""\n    slug = _NON_ALNUM.sub(sep, text.lower()).strip(sep)\n    if max_length is not None and len(slug) > max_length:\n        return slug[:max_length - 1].rstrip(sep)\n    return slug\n',
        old: '        return slug[:max_length - 1].rstrip(sep)',
        wrong: '        return slug[:max_length + 1].rstrip(sep)',
        fix: '        return slug[:max_length].rstrip(sep)',
        testFile: 'tests/test_slugify.py',
        tests: ['test_truncate_exact_length', 'test_truncate_word_boundary'],
        call: 'assert slugify("Hello World again", max_length=11) == "hello-world"',
        e: [
          "AssertionError: assert 'hello-worl' == 'hello-world'",
          '  - hello-world',
          '  ?           -',
          '  + hello-worl'
        ],
        eWrong: ["AssertionError: assert 'hello-world' == 'hello-world-a'"],
        wrongTests: ['test_truncate_word_boundary'],
        why: 'The slice end is exclusive, so `slug[:max_length - 1]` drops one character too many; it should be `slug[:max_length]`.'
      }
    ]
  },
  {
    id: 'rr-003-retry-utils',
    repo: 'retry-utils',
    pkg: 'retry_utils',
    difficulty: 'easy',
    archetype: 'wrong-api',
    testFiles: { 'tests/test_timer.py': 3, 'tests/test_retry.py': 2 },
    statement: 'The timer tests crash on Python 3.11 with an AttributeError coming from the `time` module.',
    plan: { base: 1, trained: 4 },
    bugs: [
      {
        file: 'src/retry_utils/timer.py',
        code: 'def _now():\n    """Seconds from an arbitrary origin, for measuring intervals."""\n    return time.clock()\n',
        old: '    return time.clock()',
        wrong: '    return time.process_time()',
        fix: '    return time.perf_counter()',
        testFile: 'tests/test_timer.py',
        tests: ['test_elapsed_increases', 'test_backoff_waits', 'test_timeout_raises'],
        call: 'elapsed = measure(lambda: time.sleep(0.05))',
        frame: true,
        e: ["AttributeError: module 'time' has no attribute 'clock'"],
        eWrong: ['AssertionError: assert 0.00041 >= 0.05'],
        wrongTests: ['test_elapsed_increases', 'test_backoff_waits'],
        why: '`time.clock()` was removed in Python 3.8. `time.perf_counter()` is the monotonic wall-clock replacement (process_time would not count sleeps).'
      }
    ]
  },
  {
    id: 'rr-004-configlite',
    repo: 'configlite',
    pkg: 'configlite',
    difficulty: 'easy',
    archetype: 'import-error',
    testFiles: { 'tests/test_loader.py': 4, 'tests/test_env.py': 3 },
    statement: 'The package cannot be imported: `ConfigError` is imported from the wrong module.',
    plan: { base: 2, trained: 3 },
    bugs: [
      {
        file: 'src/configlite/__init__.py',
        code: 'from .loader import load_config, ConfigError\nfrom .env import env_override\n\n__all__ = ["load_config", "ConfigError", "env_override"]\n',
        old: 'from .loader import load_config, ConfigError',
        wrong: 'from configlite.loader import load_config, ConfigError',
        fix: 'from .loader import load_config\nfrom .errors import ConfigError',
        testFile: 'tests/test_loader.py',
        tests: ['test_load_toml', 'test_load_missing_file', 'test_defaults_merged', 'test_invalid_type'],
        collection: { importLine: 'from configlite import load_config, ConfigError' },
        e: [
          "ImportError: cannot import name 'ConfigError' from 'configlite.loader' (/workspace/configlite/src/configlite/loader.py)"
        ],
        why: '`ConfigError` is defined in `configlite/errors.py`, not in `loader.py`; import it from `.errors`.'
      }
    ]
  },
  {
    id: 'rr-005-pagination',
    repo: 'pagination',
    pkg: 'pagination',
    difficulty: 'easy',
    archetype: 'off-by-one',
    testFiles: { 'tests/test_pages.py': 10 },
    statement: 'The last, partially filled page is never returned by the paginator.',
    plan: { base: 2, trained: 4 },
    bugs: [
      {
        file: 'src/pagination/pages.py',
        code: 'def page_count(total, per_page):\n    """Number of pages needed to show `total` items, `per_page` at a time."""\n    if per_page <= 0:\n        raise ValueError("per_page must be positive")\n    return total // per_page\n',
        old: '    return total // per_page',
        wrong: '    return total // per_page + 1',
        fix: '    return -(-total // per_page)',
        testFile: 'tests/test_pages.py',
        tests: ['test_page_count_partial', 'test_last_page_items', 'test_iter_pages_covers_all'],
        call: 'assert page_count(101, 10) == 11',
        e: ['AssertionError: assert 10 == 11', ' +  where 10 = page_count(101, 10)'],
        eWrong: ['AssertionError: assert 11 == 10', ' +  where 11 = page_count(100, 10)'],
        wrongTests: ['test_page_count_exact', 'test_empty_has_zero_pages'],
        why: 'Floor division drops the partial last page; the page count is the ceiling, `-(-total // per_page)`.'
      }
    ]
  }
]
