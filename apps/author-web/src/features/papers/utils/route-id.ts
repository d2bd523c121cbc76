/** A route parameter as a positive id, or NaN (the screens then answer 'The paper could not be obtained'). */
export const routeId = (value: string | undefined): number =>
  value !== undefined && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : NaN;
