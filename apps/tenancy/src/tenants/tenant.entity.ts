import type { RegimeFiscale } from '@quotebook/domain';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { TENANCY_SCHEMA } from '../tenancy.schema';

@Entity({ name: 'tenants', schema: TENANCY_SCHEMA })
export class Tenant {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('text')
  name: string;

  @Column('text')
  keyword: string;

  @Column('text', { array: true, default: () => `'{it}'` })
  languages: string[];

  /** YYYY-MM-DD (the pg type parser keeps dates as strings) */
  @Column('date', { name: 'expiry_date', nullable: true })
  expiryDate: string | null;

  @Column('boolean', { default: true })
  enabled: boolean;

  /** raised with every edit of the agency, so that a newer session state always replaces an older one */
  @Column('integer', { name: 'session_version', default: 1 })
  sessionVersion: number;

  @Column('text', { name: 'company_name', nullable: true })
  companyName: string | null;

  @Column('text', { nullable: true })
  address: string | null;

  @Column('text', { nullable: true })
  country: string | null;

  @Column('text', { nullable: true })
  city: string | null;

  @Column('text', { name: 'postal_code', nullable: true })
  postalCode: string | null;

  @Column('text', { nullable: true })
  phone: string | null;

  @Column('text', { nullable: true })
  mobile: string | null;

  @Column('text', { name: 'reference_email', nullable: true })
  referenceEmail: string | null;

  @Column('text', { nullable: true })
  website: string | null;

  @Column('text', { name: 'vat_number', nullable: true })
  vatNumber: string | null;

  @Column('text', { name: 'fiscal_code', nullable: true })
  fiscalCode: string | null;

  /** the days before the service a quote's balance is due when the quote names none */
  @Column('integer', { name: 'balance_due_days_default', default: 30 })
  balanceDueDaysDefault: number;

  /** whether the agency's tenant users see cost and margin */
  @Column('boolean', { name: 'cost_visible_to_users', default: true })
  costVisibleToUsers: boolean;

  /** the tax regime its e-invoices declare (RF01 ordinary, RF11 travel agencies) */
  @Column('text', { name: 'regime_fiscale', default: 'RF01' })
  regimeFiscale: RegimeFiscale;

  /** the REA registration: the office's province ("MI") and the number */
  @Column('text', { name: 'rea_office', nullable: true })
  reaOffice: string | null;

  @Column('text', { name: 'rea_number', nullable: true })
  reaNumber: string | null;

  @Column('text', { nullable: true })
  iban: string | null;

  @Column('text', { name: 'logo_url', nullable: true })
  logoUrl: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
