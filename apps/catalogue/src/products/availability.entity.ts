import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CATALOGUE_SCHEMA } from '../catalogue.schema';

/** One period in which a product is offered, with its prices (periods of a product never overlap). */
@Entity({ name: 'product_availability', schema: CATALOGUE_SCHEMA })
export class Availability {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'tenant_id' })
  tenantId: string;

  @Column('uuid', { name: 'product_id' })
  productId: string;

  @Column('date', { name: 'start_date' })
  startDate: string;

  @Column('date', { name: 'end_date' })
  endDate: string;

  @Column('boolean', { name: 'has_min_participants', default: false })
  hasMinParticipants: boolean;

  @Column('integer', { name: 'min_participants', nullable: true })
  minParticipants: number | null;

  @Column('boolean', { name: 'has_cost_per_person', default: false })
  hasCostPerPerson: boolean;

  @Column('numeric', { name: 'cost_per_person', precision: 10, scale: 2, nullable: true })
  costPerPerson: string | null;

  @Column('boolean', { name: 'has_flat_rate', default: false })
  hasFlatRate: boolean;

  @Column('numeric', { name: 'flat_rate', precision: 10, scale: 2, nullable: true })
  flatRate: string | null;

  @Column('boolean', { name: 'has_additional_costs', default: false })
  hasAdditionalCosts: boolean;

  @Column('numeric', { name: 'additional_costs', precision: 10, scale: 2, nullable: true })
  additionalCosts: string | null;

  @Column('boolean', { name: 'price_includes_vat', default: false })
  priceIncludesVat: boolean;

  @Column('numeric', { name: 'supplier_cost_per_person', precision: 10, scale: 2, nullable: true })
  supplierCostPerPerson: string | null;

  @Column('numeric', { name: 'supplier_cost_per_booking', precision: 10, scale: 2, nullable: true })
  supplierCostPerBooking: string | null;

  @Column('integer', { name: 'free_places_every', nullable: true })
  freePlacesEvery: number | null;

  @Column('integer', { name: 'free_places_count', nullable: true })
  freePlacesCount: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
