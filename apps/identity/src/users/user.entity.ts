import type { Role } from '@quotebook/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { IDENTITY_SCHEMA } from '../identity.schema';

@Entity({ name: 'users', schema: IDENTITY_SCHEMA })
export class User {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('text')
  username: string;

  @Column('text', { name: 'password_hash' })
  passwordHash: string;

  @Column('text')
  name: string;

  @Column('text')
  email: string;

  @Column('text')
  role: Role;

  @Column('uuid', { name: 'tenant_id', nullable: true })
  tenantId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
