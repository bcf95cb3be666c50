/** Where the member's choice of chart style (North or South Indian) is kept: the Kundali page and the biodata read it. */
export const CHART_STYLE_KEY = 'kundaliChartStyle';

export type ChartStyle = 'north' | 'south';

export function chartStyleChosen(): ChartStyle {
  try {
    return window.localStorage.getItem(CHART_STYLE_KEY) === 'south' ? 'south' : 'north';
  } catch {
    return 'north';
  }
}

/** GET /api/profiles/{id}/biodata.pdf with the chart the member chose on the Kundali page. */
export function biodataUrl(profileId: number): string {
  return `/api/profiles/${profileId}/biodata.pdf?chart=${chartStyleChosen()}`;
}
