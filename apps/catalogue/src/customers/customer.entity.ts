import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CATALOGUE_SCHEMA } from '../catalogue.schema';

@Entity({ name: 'customers', schema: CATALOGUE_SCHEMA })
export class Customer {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'tenant_id' })
  tenantId: string;

  @Column('text', { default: 'Spett.le' })
  title: string;

  /** the business name (ragione sociale) */
  @Column('text')
  name: string;

  @Column('text')
  email: string;

  @Column('text', { nullable: true })
  phone: string | null;

  /** the contact person */
  @Column('text', { nullable: true })
  contact: string | null;

  @Column('text', { nullable: true })
  address: string | null;

  @Column('text', { nullable: true })
  country: string | null;

  @Column('text', { nullable: true })
  city: string | null;

  @Column('text', { name: 'postal_code', nullable: true })
  postalCode: string | null;

  @Column('uuid', { name: 'price_list_id', nullable: true })
  priceListId: string | null;

  @Column('text', { name: 'vat_number', nullable: true })
  vatNumber: string | null;

  @Column('text', { nullable: true })
  sdi: string | null;

  @Column('text', { nullable: true })
  pec: string | null;

  /** the codice fiscale, in capitals without spaces */
  @Column('text', { name: 'fiscal_code', nullable: true })
  fiscalCode: string | null;

  /** two-letter code, one of the agency's languages */
  @Column('char', { length: 2, default: 'it' })
  language: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
