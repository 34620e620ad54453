/** What Voltpark asks of the invoicing provider (Számlázz.hu Számla Agent), in its own terms. */

export interface SellerSettings {
  /** The Számla Agent key (szamlaagentkulcs). Secret: never logged. */
  agentKey: string;
  bankName: string;
  bankAccount: string;
  /** Prefix of the invoice numbers (szamlaszamElotag), configured at the provider. */
  invoicePrefix: string;
  receiptPrefix: string;
  /**
   * The English receipt PDF template set up in the provider account (pdfSablon), or null. The
   * receipt call has no language element (its XSD), unlike the invoice's szamlaNyelve: an
   * English receipt is English texts on an English template.
   */
  receiptTemplateEn: string | null;
}

export interface AgentBuyer {
  name: string;
  zipCode: string;
  city: string;
  address: string;
  countryCode: string;
  email: string;
  /** 7 = not a taxable person (private person), 1 = Hungarian taxable company, with taxNumber. */
  taxSubject: 7 | 1 | -1;
  taxNumber: string | null;
}

export interface AgentLine {
  description: string;
  quantity: number;
  unit: string;
  netUnitPrice: number;
  vatRate: number;
  net: number;
  vat: number;
  gross: number;
  comment?: string;
}

export interface AgentInvoiceRequest {
  issueDate: string;
  deliveryDate: string;
  dueDate: string;
  paymentMethod: string;
  lang: 'hu' | 'en';
  comment: string;
  orderNumber: string;
  paid: boolean;
  buyer: AgentBuyer;
  lines: AgentLine[];
}

export interface AgentReverseRequest {
  invoiceNumber: string;
  issueDate: string;
  deliveryDate: string;
  orderNumber: string;
}

export interface AgentReceiptRequest {
  callId: string;
  /** The guest's language: the texts are in it; 'en' also picks the English template. */
  lang: 'hu' | 'en';
  paymentMethod: string;
  comment: string;
  lines: AgentLine[];
}

/** An invoice or receipt the provider issued, with its PDF. */
export interface AgentDocument {
  number: string;
  net: number;
  gross: number;
  pdf: Buffer;
}
