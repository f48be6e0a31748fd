import type { TagTargetType } from '@quotebook/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CATALOGUE_SCHEMA } from '../catalogue.schema';

@Entity({ name: 'tags', schema: CATALOGUE_SCHEMA })
export class Tag {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'tenant_id' })
  tenantId: string;

  @Column('text')
  name: string;

  @Column('text', { name: 'target_type' })
  targetType: TagTargetType;

  @Column('text', { nullable: true })
  description: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
