import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CATALOGUE_SCHEMA } from '../catalogue.schema';

@Entity({ name: 'price_lists', schema: CATALOGUE_SCHEMA })
export class PriceList {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'tenant_id' })
  tenantId: string;

  @Column('text')
  name: string;

  /** YYYY-MM-DD (the pg type parser keeps dates as strings) */
  @Column('date', { name: 'start_date' })
  startDate: string;

  @Column('date', { name: 'end_date' })
  endDate: string;

  @Column('numeric', { name: 'reduction_amount', precision: 10, scale: 2, nullable: true })
  reductionAmount: string | null;

  @Column('numeric', { name: 'reduction_percentage', precision: 5, scale: 2, nullable: true })
  reductionPercentage: string | null;

  @Column('numeric', { name: 'markup_percentage', precision: 6, scale: 2, nullable: true })
  markupPercentage: string | null;

  @Column('boolean', { name: 'is_active', default: true })
  isActive: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
