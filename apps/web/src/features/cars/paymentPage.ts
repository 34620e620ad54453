/** Leaves the app for SimplePay's page (or its sandbox); it returns to /cars. */
export function goToPaymentPage(url: string): void {
  window.location.assign(url);
}
