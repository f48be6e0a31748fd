import type { LayoutElementType } from '@quotebook/domain';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { DOCUMENTS_SCHEMA } from '../documents.schema';

@Entity({ name: 'quote_layouts', schema: DOCUMENTS_SCHEMA })
export class QuoteLayout {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'tenant_id' })
  tenantId: string;

  @Column('text')
  name: string;

  @Column('text', { nullable: true })
  description: string | null;

  @Column('boolean', { name: 'is_active' })
  isActive: boolean;

  /** at most one per agency (a partial unique index) */
  @Column('boolean', { name: 'is_default' })
  isDefault: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** One element of a layout: the quote's table, or one of the agency's templates; printed by sortOrder. */
@Entity({ name: 'quote_layout_elements', schema: DOCUMENTS_SCHEMA })
export class QuoteLayoutElement {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'tenant_id' })
  tenantId: string;

  @Column('uuid', { name: 'layout_id' })
  layoutId: string;

  @Column('text', { name: 'element_type' })
  elementType: LayoutElementType;

  @Column('uuid', { name: 'template_id', nullable: true })
  templateId: string | null;

  @Column('integer', { name: 'sort_order' })
  sortOrder: number;
}
