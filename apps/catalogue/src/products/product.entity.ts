import type { Translations } from '@quotebook/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CATALOGUE_SCHEMA } from '../catalogue.schema';

@Entity({ name: 'products', schema: CATALOGUE_SCHEMA })
export class Product {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'tenant_id' })
  tenantId: string;

  @Column('char', { length: 6 })
  code: string;

  @Column('jsonb', { default: {} })
  titles: Translations;

  @Column('jsonb', { default: {} })
  subtitles: Translations;

  @Column('jsonb', { name: 'short_descriptions', default: {} })
  shortDescriptions: Translations;

  @Column('jsonb', { name: 'extended_descriptions', default: {} })
  extendedDescriptions: Translations;

  @Column('integer', { name: 'duration_hours', default: 0 })
  durationHours: number;

  @Column('integer', { name: 'duration_minutes', default: 0 })
  durationMinutes: number;

  @Column('uuid', { name: 'vat_rate_id', nullable: true })
  vatRateId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
