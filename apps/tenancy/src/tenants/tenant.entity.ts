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

  @Column('text', { name: 'logo_url', nullable: true })
  logoUrl: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
