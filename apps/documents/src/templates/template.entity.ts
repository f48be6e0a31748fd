import type { TemplateTranslations } from '@quotebook/contracts';
import type { TemplateType } from '@quotebook/domain';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { DOCUMENTS_SCHEMA } from '../documents.schema';

@Entity({ name: 'quote_templates', schema: DOCUMENTS_SCHEMA })
export class QuoteTemplate {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'tenant_id' })
  tenantId: string;

  @Column('text', { name: 'template_type' })
  templateType: TemplateType;

  @Column('text')
  title: string;

  /** sanitized HTML */
  @Column('text')
  content: string;

  /** its text in other languages, by language code, each content sanitized like `content` */
  @Column('jsonb', { default: {} })
  translations: TemplateTranslations;

  @Column('text', { name: 'signature_image_path', nullable: true })
  signatureImagePath: string | null;

  @Column('boolean', { name: 'header_print' })
  headerPrint: boolean;

  @Column('boolean', { name: 'is_active' })
  isActive: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
