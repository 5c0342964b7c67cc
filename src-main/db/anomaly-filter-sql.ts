/**
 * The `anomaly` filter field: the episode's anomaly codes as a set (`anomaly == "loop"`, `anomaly in ["loop",
 * "error"]`, `anomaly != null` for any). A json_each over the row's own small array: no join, no extra table.
 */
import type { FilterSet } from './filter-expr'

export const anomalyFilterSet: FilterSet = {
  value: 'a.value',
  exists: (cond) => `EXISTS (SELECT 1 FROM json_each(e.anomalies_json) a${cond ? ` WHERE ${cond}` : ''})`
}
