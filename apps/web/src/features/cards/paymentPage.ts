/** Leaves the app for the payment provider's page (SimplePay or its sandbox). */
export function goToPaymentPage(url: string): void {
  window.location.assign(url);
}
