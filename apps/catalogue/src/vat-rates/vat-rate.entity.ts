import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CATALOGUE_SCHEMA } from '../catalogue.schema';

@Entity({ name: 'vat_rates', schema: CATALOGUE_SCHEMA })
export class VatRate {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'tenant_id' })
  tenantId: string;

  @Column('text')
  description: string;

  /** numeric(5,2), read back as a string with two decimals */
  @Column('numeric', { precision: 5, scale: 2 })
  rate: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
